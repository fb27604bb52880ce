/**
 * The chat assistant's API (docs/decisions/014-chat-assistant.md):
 * - public, used by the widget: POST /api/chat/sessions, GET and POST /api/chat/sessions/:id/messages;
 * - admin only, the old widget's conversation calls (spec 001 section 7): POST /api/chatbot-conversations
 *   and POST /api/chatbot-conversations/:email/message. GET /api/chatbot-conversations is in back-office.ts.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { loggableError } from "~/features/chat/chat.server";
import { chatTexts } from "~/features/chat/messages";
import { chatIntakeSchema, chatMessageSchema, conversationCreateSchema, conversationMessageSchema } from "~/features/chat/schema";
import { emailRule, fieldErrors } from "~/lib/field-rules";
import { requireAdmin } from "../auth";
import { clientIp, submissionContext } from "../client-info";
import type { AppServices } from "../context";
import { apiError, readJson } from "../http";
import { rateLimit } from "../rate-limit";

const emailParam = z.object({ email: emailRule(chatTexts.fields.email) });

export function chatRoutes(services: AppServices) {
  const { config, logger, limits, chat } = services;
  const windowMs = config.RATE_LIMIT_CHAT_WINDOW_MINUTES * 60_000;
  const ipOf = (c: Context) => clientIp(c, config.TRUST_PROXY);
  const sessionsPerIp = rateLimit(
    limits.rate("chat-sessions", config.RATE_LIMIT_CHAT_SESSIONS_MAX, windowMs),
    ipOf,
    chatTexts.tooManySessions,
  );
  const messagesPerIp = rateLimit(
    limits.rate("chat-messages-address", config.RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX, windowMs),
    ipOf,
    chatTexts.tooManyMessages,
  );
  const messagesPerSession = rateLimit(
    limits.rate("chat-messages-session", config.RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX, windowMs),
    (c) => c.req.param("id")?.toLowerCase() ?? "",
    chatTexts.tooManyMessages,
  );
  const admin = requireAdmin(services);
  const reqId = (c: Context) => c.get("requestId" as never);

  return new Hono()
    .post("/chat/sessions", sessionsPerIp, async (c) => {
      const body = await readJson(c);
      const parsed = chatIntakeSchema.safeParse(body);
      if (!parsed.success) return apiError(c, 400, chatTexts.invalidIntake, fieldErrors(parsed.error));
      try {
        const created = await chat.createSession(parsed.data, submissionContext(c, config.TRUST_PROXY, body));
        // The lead's reference, never the session's id: the id is the key to the transcript.
        logger.info({ reqId: reqId(c), reference: created.reference }, "chat session started");
        return c.json({ id: created.id, messages: created.messages, greeting: created.greeting }, 201);
      } catch (error) {
        logger.error({ err: loggableError(error), reqId: reqId(c) }, "chat session could not be created");
        return apiError(c, 500, chatTexts.errors.createSession);
      }
    })
    .get("/chat/sessions/:id/messages", async (c) => {
      try {
        const messages = await chat.history(c.req.param("id"));
        if (!messages) return apiError(c, 404, chatTexts.errors.sessionNotFound);
        return c.json({ messages });
      } catch (error) {
        logger.error({ err: loggableError(error), reqId: reqId(c) }, "chat history could not be read");
        return apiError(c, 500, chatTexts.errors.history);
      }
    })
    .post("/chat/sessions/:id/messages", messagesPerIp, messagesPerSession, async (c) => {
      const body = await readJson(c);
      const parsed = chatMessageSchema.safeParse(body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return apiError(c, 400, errors.content ?? chatTexts.blankMessage, errors);
      }
      try {
        const sent = await chat.send(c.req.param("id"), parsed.data.content);
        if (!sent) return apiError(c, 404, chatTexts.errors.sessionNotFound);
        return c.json({ reply: sent.reply });
      } catch (error) {
        logger.error({ err: loggableError(error), reqId: reqId(c) }, "chat message could not be handled");
        return apiError(c, 500, chatTexts.errors.sendFailed);
      }
    })
    .post("/chatbot-conversations", admin, async (c) => {
      const body = await readJson(c);
      const parsed = conversationCreateSchema.safeParse(body);
      if (!parsed.success) return apiError(c, 400, chatTexts.errors.createConversation, fieldErrors(parsed.error));
      try {
        const { record, created } = await chat.createOrGetConversation(parsed.data);
        return c.json({ success: true, data: record }, created ? 201 : 200);
      } catch (error) {
        logger.error({ err: loggableError(error), reqId: reqId(c) }, "conversation could not be created or read");
        return apiError(c, 500, chatTexts.errors.createConversation);
      }
    })
    .post("/chatbot-conversations/:email/message", admin, async (c) => {
      const body = await readJson(c);
      const email = emailParam.safeParse({ email: c.req.param("email") });
      const parsed = conversationMessageSchema.safeParse(body);
      if (!email.success || !parsed.success) {
        const errors = { ...(email.success ? {} : fieldErrors(email.error)), ...(parsed.success ? {} : fieldErrors(parsed.error)) };
        return apiError(c, 400, chatTexts.errors.addMessage, errors);
      }
      try {
        const record = await chat.appendToConversation(email.data.email, parsed.data.role, parsed.data.content);
        if (!record) return apiError(c, 404, chatTexts.errors.addMessage, { email: "No conversation for this email" });
        return c.json({ success: true, data: record });
      } catch (error) {
        logger.error({ err: loggableError(error), reqId: reqId(c) }, "conversation message could not be added");
        return apiError(c, 500, chatTexts.errors.addMessage);
      }
    });
}
