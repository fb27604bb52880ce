/**
 * The chat assistant's API (docs/decisions/014-chat-assistant.md):
 * - public, used by the widget: POST /api/chat/sessions, GET and POST /api/chat/sessions/:id/messages;
 * - admin only, the old widget's conversation calls (spec 001 section 7): POST /api/chatbot-conversations
 *   and POST /api/chatbot-conversations/:email/message. GET /api/chatbot-conversations is in back-office.ts.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { withPhone } from "~/content/site-facts";
import { loggableError } from "~/features/chat/chat.server";
import { chatTexts } from "~/features/chat/messages";
import { chatIntakeSchema, chatMessageSchema, conversationCreateSchema, conversationMessageSchema } from "~/features/chat/schema";
import { emailRule } from "~/lib/field-rules";
import { clientIp, submissionContext } from "../client-info";
import type { AppServices } from "../context";
import { type ApiLimit, apiError, apiPost } from "../http";

/** POST /api/chatbot-conversations/:email/message: the path's email, then the body's message. */
const conversationMessageInput = z.object({ email: emailRule(chatTexts.fields.email), ...conversationMessageSchema.shape });

export function chatRoutes(services: AppServices) {
  const { config, logger, limits, chat, site } = services;
  // The agency's number as it is stored when the limit is hit.
  const callUs = (message: string) => () => withPhone(site.current().facts, message);
  const windowMs = config.RATE_LIMIT_CHAT_WINDOW_MINUTES * 60_000;
  const ipOf = (c: Context) => clientIp(c, config.TRUST_PROXY);
  const sessionsPerIp: ApiLimit = {
    limiter: limits.rate("chat-sessions", config.RATE_LIMIT_CHAT_SESSIONS_MAX, windowMs),
    key: ipOf,
    message: callUs(chatTexts.tooManySessions),
  };
  const messagesPerIp: ApiLimit = {
    limiter: limits.rate("chat-messages-address", config.RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX, windowMs),
    key: ipOf,
    message: callUs(chatTexts.tooManyMessages),
  };
  const messagesPerSession: ApiLimit = {
    limiter: limits.rate("chat-messages-session", config.RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX, windowMs),
    key: (c) => c.req.param("id")?.toLowerCase() ?? "",
    message: callUs(chatTexts.tooManyMessages),
  };
  const reqId = (c: Context) => c.get("requestId" as never);

  return new Hono()
    .post(
      ...apiPost(
        services,
        "/chat/sessions",
        { rateLimit: [sessionsPerIp], schema: chatIntakeSchema, invalid: chatTexts.invalidIntake },
        async (c, { value, body }) => {
          try {
            const created = await chat.createSession(value, submissionContext(c, config.TRUST_PROXY, body));
            // The lead's reference, never the session's id: the id is the key to the transcript.
            logger.info({ reqId: reqId(c), reference: created.reference }, "chat session started");
            return c.json({ id: created.id, messages: created.messages, greeting: created.greeting }, 201);
          } catch (error) {
            logger.error({ err: loggableError(error), reqId: reqId(c) }, "chat session could not be created");
            return apiError(c, 500, chatTexts.errors.createSession);
          }
        },
      ),
    )
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
    .post(
      ...apiPost(
        services,
        "/chat/sessions/:id/messages",
        {
          rateLimit: [messagesPerIp, messagesPerSession],
          schema: chatMessageSchema,
          invalid: (errors) => errors.content ?? chatTexts.blankMessage,
        },
        async (c, { value }) => {
          try {
            const sent = await chat.send(c.req.param("id"), value.content);
            if (!sent) return apiError(c, 404, chatTexts.errors.sessionNotFound);
            return c.json({ reply: sent.reply });
          } catch (error) {
            logger.error({ err: loggableError(error), reqId: reqId(c) }, "chat message could not be handled");
            return apiError(c, 500, chatTexts.errors.sendFailed);
          }
        },
      ),
    )
    .post(
      ...apiPost(
        services,
        "/chatbot-conversations",
        { admin: true, schema: conversationCreateSchema, invalid: chatTexts.errors.createConversation },
        async (c, { value }) => {
          try {
            const { record, created } = await chat.createOrGetConversation(value);
            return c.json({ success: true, data: record }, created ? 201 : 200);
          } catch (error) {
            logger.error({ err: loggableError(error), reqId: reqId(c) }, "conversation could not be created or read");
            return apiError(c, 500, chatTexts.errors.createConversation);
          }
        },
      ),
    )
    .post(
      ...apiPost(
        services,
        "/chatbot-conversations/:email/message",
        {
          admin: true,
          schema: conversationMessageInput,
          input: (body, c) => ({ ...body, email: c.req.param("email") }),
          invalid: chatTexts.errors.addMessage,
        },
        async (c, { value }) => {
          try {
            const record = await chat.appendToConversation(value.email, value.role, value.content);
            if (!record) return apiError(c, 404, chatTexts.errors.addMessage, { email: "No conversation for this email" });
            return c.json({ success: true, data: record });
          } catch (error) {
            logger.error({ err: loggableError(error), reqId: reqId(c) }, "conversation message could not be added");
            return apiError(c, 500, chatTexts.errors.addMessage);
          }
        },
      ),
    );
}
