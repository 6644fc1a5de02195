import type { ComponentProps, MouseEvent } from "react";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "./button-styles";
import { Spinner } from "./spinner";

type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks further clicks while an action runs. */
  loading?: boolean;
};

/** A click on a button that is busy: nothing happens, and a submit button sends no form (Enter in a field included). */
const ignoreWhileBusy = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  className,
  children,
  type = "button",
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      // Busy, it stays focusable (aria-disabled): a disabled button loses the focus to <body>, and
      // a keyboard or screen-reader user their place, at every save.
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? ignoreWhileBusy : onClick}
      {...props}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
