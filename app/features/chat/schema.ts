/**
 * The chat's request bodies and answers, shared by the widget and the API. Browser-safe.
 * Email and phone follow the same formats as every other form on the site.
 */
import { z } from "zod";
import { chatInsuranceTypes } from "~/content/options";
import { cleanMultiLine, emailRule, isSingleLine, phoneRule } from "~/lib/field-rules";
import { textValue } from "~/lib/text-value";
import { type ChatRole, chatLimits, chatTexts } from "./messages";

/** A field as text; never String() on an array or object (see textValue). */
const text = textValue;

const nameRule = z.preprocess(
  text,
  z
    .string()
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, chatTexts.fields.name)
    .refine((v) => v.length <= chatLimits.maxNameLength, chatTexts.fields.nameTooLong)
    .refine((v) => v.length > chatLimits.maxNameLength || isSingleLine(v), chatTexts.fields.name),
);

/** The intake form: POST /api/chat/sessions. */
export const chatIntakeSchema = z.object({
  name: nameRule,
  email: emailRule(chatTexts.fields.email),
  phone: phoneRule(chatTexts.fields.phone),
  insuranceType: z.preprocess(text, z.enum(chatInsuranceTypes, { error: chatTexts.fields.insuranceType })),
});
export type ChatIntake = z.output<typeof chatIntakeSchema>;
export type ChatIntakeValues = z.input<typeof chatIntakeSchema>;

/** A visitor's message: POST /api/chat/sessions/:id/messages. */
export const chatMessageSchema = z.object({
  content: z.preprocess(
    text,
    z
      .string()
      .transform((v) => cleanMultiLine(v, chatLimits.maxMessageLength))
      .refine((v) => v.length > 0, chatTexts.blankMessage)
      .refine((v) => v.length <= chatLimits.maxMessageLength, chatTexts.messageTooLong),
  ),
});

/** The old widget's conversation registry (spec 001 section 7): POST /api/chatbot-conversations. */
export const conversationCreateSchema = z.object({
  name: nameRule,
  email: emailRule(chatTexts.fields.email),
  phone: phoneRule(chatTexts.fields.phone),
});

/** POST /api/chatbot-conversations/:email/message; "ai" is stored as "assistant". */
export const conversationMessageSchema = z.object({
  role: z.enum(["user", "ai"], { error: 'role must be "user" or "ai"' }),
  content: chatMessageSchema.shape.content,
});

/** The public page an answer came from: the widget shows "More on this: {title}" linking to `path`. */
export type ChatLink = { path: string; title: string };

/** One message as the chat API answers it; an assistant's answer from a page of the site carries `link`. */
export type ChatMessageView = { role: ChatRole; content: string; createdAt: string; link?: ChatLink };

/**
 * 201 from POST /api/chat/sessions. `messages` is always empty: a new intake starts a new conversation,
 * and an earlier one is shown only to the browser holding its id (docs/decisions/017).
 */
export type ChatSessionCreated = { id: string; messages: ChatMessageView[]; greeting: string | null };

/** GET /api/chat/sessions/:id/messages. */
export type ChatHistory = { messages: ChatMessageView[] };

/** POST /api/chat/sessions/:id/messages. */
export type ChatReply = { reply: ChatMessageView };
