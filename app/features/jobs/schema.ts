/**
 * The job form and the application form: one Zod schema each, parsed in the browser and again by
 * the API. Also the records' shapes as the API answers them (spec 001 section 3 field names).
 * Browser-safe.
 */
import { z } from "zod";
import { type applicationStatuses, jobTypes, jobWorkTypes } from "~/content/admin-options";
import { cleanMultiLine, emailRule, nameRule, requiredText } from "~/lib/field-rules";
import { textValue as text } from "~/lib/text-value";
import { jobFieldMessages as m } from "./messages";

export const jobSchema = z.object({
  title: requiredText(m.title, 200, m.titleTooLong, m.titleInvalid),
  description: requiredText(m.description, 10_000, m.descriptionTooLong),
  type: z.preprocess(text, z.enum(jobTypes, { error: m.type })),
  workType: z.preprocess(text, z.enum(jobWorkTypes, { error: m.workType })),
  location: requiredText(m.location, 200, m.locationTooLong, m.locationInvalid),
});

export type JobInput = z.infer<typeof jobSchema>;

/** The form's starting values (spec 001 section 3: defaults Full-time and Remote). */
export const emptyJob: JobInput = { title: "", description: "", type: "Full-time", workType: "Remote", location: "" };

const COVER_LETTER_MAX = 5000;

export const applicationSchema = z.object({
  jobId: z.preprocess(text, z.string().trim().min(1, m.jobId)),
  name: nameRule(m.name),
  email: emailRule(m.email),
  coverLetter: z.preprocess((v) => {
    const s = cleanMultiLine(text(v), COVER_LETTER_MAX);
    return s === "" ? undefined : s;
  }, z.string().max(COVER_LETTER_MAX, m.coverLetterTooLong).optional()),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;

/** A job as GET /api/jobs and GET /api/jobs/{id} answer it. */
export type JobRecord = JobInput & { _id: string; createdAt: string };

export type ApplicationStatus = (typeof applicationStatuses)[number];

/** An application as GET /api/applications/job/{jobId} answers it. */
export type ApplicationRecord = {
  _id: string;
  name: string;
  email: string;
  coverLetter: string | null;
  status: ApplicationStatus;
  createdAt: string;
};
