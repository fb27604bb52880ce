import { type FormEvent, useEffect, useState } from "react";
import { AdminFormFrame } from "~/components/admin/form-frame";
import { CheckboxField, TextAreaField, TextField } from "~/components/form/fields";
import { TeamMemberCard } from "~/components/pages/team-member-card";
import { SitePicture } from "~/components/ui/site-picture";
import { fieldError, useActionForm } from "~/lib/form";
import { useSite } from "~/lib/site";
import { type TeamMemberRecord, teamMemberView } from "../site-lists";
import { siteListMessages } from "../site-lists-messages";
import { Preview } from "./list-parts";
import { type PlaceholderItem, PlaceholderList } from "./placeholder-list";

const text = siteListMessages.team;
const loadSchema = () => import("../site-lists-schema").then((m) => m.teamMemberFormSchema);

type TextFields = { name: string; role: string; bio: string; email: string; phone: string; linkedin: string };
const TEXT_FIELDS = ["name", "role", "bio", "email", "phone", "linkedin"] as const;
/** The photo types the site takes (checked again by their bytes on the server). */
const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/avif";

/**
 * The Team screen's form for a new member (`member` null) or one of the team: the texts, the photo
 * (a new one chosen, or the current one removed), and beside it the card as /team shows it, following
 * what is typed and chosen, and the placeholders a bio may hold. Without scripts the browser posts it
 * itself (multipart, with the photo); a refused post comes back with the errors beside their fields
 * and the texts kept (a chosen photo must be chosen again).
 */
export function TeamMemberForm({ member, placeholders }: { member: TeamMemberRecord | null; placeholders: PlaceholderItem[] }) {
  const site = useSite();
  const actionForm = useActionForm<TextFields & { removePhoto: string; photo: string }>({
    id: "team-member",
    schema: loadSchema,
    invalidToast: text.validationToast,
    failure: text.failure,
    eager: true,
  });
  const { fields, pageAnswer } = actionForm;
  // After a post sent without scripts was refused, the form shows what was sent.
  const shown = (name: keyof TextFields) => (pageAnswer ? String(fields[name].initialValue ?? "") : (member?.[name] ?? ""));
  const [draft, setDraft] = useState<TextFields>(() => Object.fromEntries(TEXT_FIELDS.map((f) => [f, shown(f)])) as TextFields);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);

  const onInput = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if ((TEXT_FIELDS as readonly string[]).includes(target.name)) setDraft((d) => ({ ...d, [target.name]: target.value }));
    if (target.name === "removePhoto") setRemovePhoto(target.checked);
  };
  const onPhoto = (event: FormEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setChosen(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  };

  const preview = teamMemberView({ ...draft, id: member?.id ?? "new", photo: removePhoto ? null : (member?.photo ?? null) }, site);
  const error = (name: string) => fieldError(fields[name as keyof typeof fields]);

  return (
    <AdminFormFrame
      title={member ? text.editTitle : text.addTitle}
      form={actionForm}
      label={member ? text.editTitle : text.addTitle}
      legend={text.title}
      submitLabel={member ? text.save : text.create}
      busyLabel={text.submitting}
      cancel={{ to: "/admin/team", label: text.cancel }}
      encType="multipart/form-data"
      aside={
        <>
          <Preview title={text.preview} note={text.previewNote}>
            <div className="max-w-md">
              <TeamMemberCard member={preview} chosenPhoto={chosen} />
            </div>
          </Preview>
          <PlaceholderList items={placeholders} />
        </>
      }
    >
      <div className="space-y-5" onInput={onInput}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id="team-name" name="name" label="Name" required maxLength={100} defaultValue={shown("name")} error={error("name")} />
          <TextField id="team-role" name="role" label="Role" required maxLength={150} defaultValue={shown("role")} error={error("role")} />
        </div>
        <TextAreaField
          id="team-bio"
          name="bio"
          label="Bio"
          required
          rows={7}
          maxLength={2000}
          defaultValue={shown("bio")}
          error={error("bio")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="team-email"
            name="email"
            type="email"
            label="Email"
            maxLength={254}
            autoComplete="off"
            defaultValue={shown("email")}
            error={error("email")}
          />
          <TextField
            id="team-phone"
            name="phone"
            type="tel"
            label="Phone"
            maxLength={30}
            autoComplete="off"
            defaultValue={shown("phone")}
            error={error("phone")}
          />
        </div>
        <TextField
          id="team-linkedin"
          name="linkedin"
          type="url"
          label="LinkedIn"
          maxLength={300}
          placeholder="https://www.linkedin.com/in/..."
          defaultValue={shown("linkedin")}
          error={error("linkedin")}
        />
        {member?.photo && (
          <div className="flex items-center gap-4">
            <SitePicture image={member.photo} alt="" sizes="64px" className="h-16 w-16 rounded-full object-cover" />
            <CheckboxField id="team-remove-photo" name="removePhoto" label={text.removePhoto} />
          </div>
        )}
        <TextField
          id="team-photo"
          name="photo"
          type="file"
          label={member?.photo ? "New photo" : "Photo"}
          accept={PHOTO_TYPES}
          hint={text.photoHint}
          onChange={onPhoto}
          error={error("photo")}
          className="file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
        />
      </div>
    </AdminFormFrame>
  );
}
