import { TextField } from "~/components/form/fields";
import { textDefault } from "~/lib/form";

/** Name, email and phone: the fields every public form starts with (ids prefixed per form). */
export function PersonFields({
  idPrefix,
  errors,
  values,
  phoneLabel = "Phone Number",
}: {
  idPrefix: string;
  errors: Record<string, string | undefined>;
  /** The values to show again after a refused post. */
  values: Record<string, unknown>;
  phoneLabel?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Full Name"
        required
        autoComplete="name"
        defaultValue={textDefault(values.name)}
        error={errors.name}
      />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        defaultValue={textDefault(values.email)}
        error={errors.email}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        label={phoneLabel}
        type="tel"
        required
        autoComplete="tel"
        defaultValue={textDefault(values.phone)}
        error={errors.phone}
      />
    </>
  );
}
