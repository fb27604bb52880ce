import { TextField } from "~/components/form/fields";

/** Name, email and phone: the fields every public form starts with (ids prefixed per form). */
export function PersonFields({
  idPrefix,
  errors,
  phoneLabel = "Phone Number",
}: {
  idPrefix: string;
  errors: Record<string, string>;
  phoneLabel?: string;
}) {
  return (
    <>
      <TextField id={`${idPrefix}-name`} name="name" label="Full Name" required autoComplete="name" error={errors.name} />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        error={errors.email}
      />
      <TextField id={`${idPrefix}-phone`} name="phone" label={phoneLabel} type="tel" required autoComplete="tel" error={errors.phone} />
    </>
  );
}
