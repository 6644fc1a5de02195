import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import type { FormEventHandler, ReactNode } from "react";
import { Link } from "react-router";

type AuthFormProps = {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Any field changed (a form checking as the owner types). */
  onChange?: FormEventHandler<HTMLFormElement>;
  /** Focus entering the form (e.g. to fetch its checks before the owner submits). */
  onFocus?: () => void;
  /** A failure that belongs to no field (wrong password, rate limit), above the fields. */
  formError: string | null;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** The way to the other form, under this one: "No account? Create one". */
  switchPrompt: string;
  switchLabel: string;
  switchTo: string;
  /** The fields. */
  children: ReactNode;
};

/** The frame the login and sign-up forms share: heading, form error, fields, submit, the other form. */
export function AuthForm({
  title,
  subtitle,
  onSubmit,
  onChange,
  onFocus,
  formError,
  submitting,
  submitLabel,
  submittingLabel,
  switchPrompt,
  switchLabel,
  switchTo,
  children,
}: AuthFormProps) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-gray-600 sm:text-base">{subtitle}</p>
      <form onSubmit={onSubmit} onChange={onChange} onFocus={onFocus} noValidate className="mt-8 flex flex-col gap-5">
        {formError && <Alert>{formError}</Alert>}
        {children}
        <Button type="submit" loading={submitting} className="mt-1 w-full">
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-gray-600">
        {switchPrompt}{" "}
        <Link to={switchTo} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {switchLabel}
        </Link>
      </p>
    </>
  );
}
