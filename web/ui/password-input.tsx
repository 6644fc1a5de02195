import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/cn";
import { inputClasses } from "./input";

/**
 * A password input with a show/hide toggle (SPEC §2). `fieldName`, the field's label, names the
 * toggle after it: three alike "Mostrar contraseña" on one form (and on a key that is no password)
 * told a screen reader's user nothing of which field each shows.
 */
export function PasswordInput({
  className,
  fieldName,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { fieldName?: string }) {
  const { t, i18n } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  const field = fieldName && fieldName.charAt(0).toLocaleLowerCase(i18n.language) + fieldName.slice(1);
  const toggleName = field
    ? t(visible ? "common.hideField" : "common.showField", { field })
    : t(visible ? "common.hidePassword" : "common.showPassword");
  return (
    <div className="relative">
      <input type={visible ? "text" : "password"} className={cn(inputClasses, "pr-12", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={toggleName}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-gray-500 hover:text-gray-800"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
