import { type Channel, DeliveryError, type Notification } from './channel.js';

export interface TelegramSettings {
  botToken: string;
  chatId: string;
  apiUrl: string;
}

/** Telegram refuses longer texts in one message. */
const TEXT_LIMIT = 4096;

interface BotApiAnswer {
  ok?: boolean;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/**
 * Telegram through the Bot API's `sendMessage` (https://core.telegram.org/bots/api#sendmessage).
 * A 429 is retried after the `retry_after` seconds Telegram names; 400, 401, 403 and 404 (a wrong chat
 * id, a blocked or deleted bot, a wrong token) are permanent and shown to the owner; the rest is retried.
 */
export function telegramChannel(settings: TelegramSettings): Channel {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/bot${settings.botToken}/sendMessage`;
  return {
    async send(notification: Notification) {
      const text =
        notification.text.length > TEXT_LIMIT ? `${notification.text.slice(0, TEXT_LIMIT - 1)}…` : notification.text;
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: settings.chatId, text, link_preview_options: { is_disabled: true } }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        // The token is part of the URL: never let it reach the owner's screen or the log.
        const reason =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : 'failed';
        throw new DeliveryError(`Telegram: ${reason.replaceAll(settings.botToken, '…')}`);
      }
      const answer = (await response.json().catch(() => ({}))) as BotApiAnswer;
      if (response.ok && answer.ok) return;
      const status = answer.error_code ?? response.status;
      const description = `Telegram: ${status} ${answer.description ?? response.statusText}`;
      if (status === 429) {
        throw new DeliveryError(description, false, Math.max(1, answer.parameters?.retry_after ?? 30) * 1000);
      }
      throw new DeliveryError(description, [400, 401, 403, 404].includes(status));
    },
  };
}
