// Form state with the spec's timing for messages (docs/spec/accounts-and-details.md §5): a field shows its
// error only after it lost focus once having been typed in (or after a submit attempt); fields marked `immediate`
// (confirm password) show theirs at once.
import { useState } from "react";

export function useFormFields<Name extends string>(
  initial: Record<Name, string>,
  validate: (values: Record<Name, string>) => Partial<Record<Name, string>>,
  immediate: readonly NoInfer<Name>[] = [],
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);

  const visibleError = (name: Name): string | undefined => {
    const show = submitted || touched[name] || (immediate.includes(name) && values[name] !== "");
    return show ? errors[name] : undefined;
  };

  const [edited, setEdited] = useState<Partial<Record<Name, boolean>>>({});
  const bind = (name: Name) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setEdited((current) => ({ ...current, [name]: true }));
    },
    // Leaving a field counts once something was typed in it: a dialog that opens with focus in
    // its first field must not greet a visitor who only moves on with an error.
    onBlur: () => {
      if (edited[name]) setTouched((current) => ({ ...current, [name]: true }));
    },
  });

  /** Marks every field as shown; true when the form has no error. */
  const attemptSubmit = (): boolean => {
    setSubmitted(true);
    return Object.values(errors).every((error) => !error);
  };

  const reset = () => {
    setValues(initial);
    setTouched({});
    setEdited({});
    setSubmitted(false);
  };

  return { values, setValues, errors, visibleError, bind, attemptSubmit, reset };
}
