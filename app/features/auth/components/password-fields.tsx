/**
 * A new password and the same again: the Account screen's "Change password" form and the invitation
 * page. Both fields ask password managers for a new password; the rules are said under the first.
 */
import { TextField } from "~/components/form/fields";

type Field = { id: string; name: string; label: string; error?: string };

export function PasswordFields({ password, confirm, hint }: { password: Field; confirm: Field; hint: string }) {
  return (
    <>
      <TextField
        id={password.id}
        name={password.name}
        type="password"
        label={password.label}
        autoComplete="new-password"
        required
        hint={hint}
        error={password.error}
      />
      <TextField
        id={confirm.id}
        name={confirm.name}
        type="password"
        label={confirm.label}
        autoComplete="new-password"
        required
        error={confirm.error}
      />
    </>
  );
}
