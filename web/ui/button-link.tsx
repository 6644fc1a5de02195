import { Link, type LinkProps } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "./button-styles";

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant = "primary", size = "md", className, ...props }: ButtonLinkProps) {
  return (
    <Link className={buttonClasses(variant, size, typeof className === "string" ? className : undefined)} {...props} />
  );
}
