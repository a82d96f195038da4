import { useNavigation } from "react-router";
import { buttonClasses } from "./ui/button";

/** A submit button that reads 'Loading...' while its form is being submitted. */
export function SubmitButton({
  children,
  formAction,
  className,
  variant = "primary",
  name,
  value,
}: {
  children: React.ReactNode;
  formAction?: string;
  className?: string;
  variant?: "primary" | "secondary" | "danger";
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    (formAction === undefined || navigation.formAction === formAction) &&
    (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={pending || undefined}
      className={buttonClasses(variant, "lg", className ?? "w-full")}
    >
      {pending ? "Loading..." : children}
    </button>
  );
}
