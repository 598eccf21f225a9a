// The chat screen /chat and /chat/{chatId} (docs/spec/accounts-and-details.md §2 "Chat", §4 "Chat", §5
// "Chat", §6; issue 11 items 6 and 7). Left: 'Previous Chats', newest first, with unread badges.
// Right: the conversation, its header (initials, name, role), date lines, the terms-of-use
// notice, the bubbles and the input (Enter or the send button). Messages arrive live
// (use-live-chat.ts). The advisor also sees the student's application beside the conversation.
// At 375 px: the list on /chat, the conversation with a back button on /chat/{id}.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import { Link, useNavigate, useNavigation } from "react-router";

import type { ApplicationDetail } from "@studyatlas/schemas/applications.ts";
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatSummary,
} from "@studyatlas/schemas/chat.ts";

import { callApi } from "../../auth/account-api.ts";
import { ArrowLeftIcon, SendIcon, TrashIcon } from "../../components/icons/icons.tsx";
import { InitialsAvatar } from "../../components/initials-avatar/initials-avatar.tsx";
import { setChatUnread } from "../../hooks/use-chat-unread.ts";
import {
  bubbleTime,
  dateLine,
  fullName,
  lastMessageId,
  linkify,
  listTime,
  mergeMessages,
  previewOf,
  roleLabel,
  sortChats,
  totalUnread,
  withLiveMessage,
} from "./chat-state.ts";
import { useLiveChat, type ServerEvent } from "./use-live-chat.ts";
import styles from "./chat-screen.module.css";

export interface ChatScreenData {
  me: { id: number; role: string };
  chats: ChatSummary[];
  selectedId: number | null;
  /** Whether the address names the chat (/chat/{id}): on a phone, the conversation shows. */
  named: boolean;
  messages: { results: ChatMessage[]; has_more: boolean } | null;
  application: ApplicationDetail | null;
}

const subscribeNothing = () => () => {};
/** False during the server render and hydration, true after: times are shown in the reader's zone. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

function Time({
  iso,
  format,
}: {
  iso: string;
  format: (iso: string, timeZone?: string) => string;
}) {
  const hydrated = useHydrated();
  // The server does not know the reader's time zone: it renders UTC, the browser its own.
  return <time dateTime={iso}>{format(iso, hydrated ? undefined : "UTC")}</time>;
}

function MessageText({ text }: { text: string }) {
  return (
    <p className={styles.text}>
      {linkify(text).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function ChatList({
  chats,
  selectedId,
  hydrated,
  advisor,
}: {
  chats: ChatSummary[];
  selectedId: number | null;
  hydrated: boolean;
  advisor: boolean;
}) {
  const now = new Date();
  return (
    <nav className={styles.list} aria-labelledby="previous-chats-title">
      <h1 id="previous-chats-title" className={styles.listTitle}>
        Previous Chats
      </h1>
      {chats.length === 0 ? (
        advisor ? (
          <p className={styles.empty}>
            No conversations yet. When a student applies to a programme, their chat appears here.
          </p>
        ) : (
          <p className={styles.empty}>
            No conversations yet. Apply to a programme and an advisor will chat with you here.{" "}
            <Link to="/coursefinder">Find a programme</Link>
          </p>
        )
      ) : (
        <ul className={styles.items}>
          {chats.map((chat) => {
            const name = fullName(chat.counterpart);
            const when = chat.last_message?.sent_at ?? chat.created_at;
            return (
              <li key={chat.id}>
                <Link
                  to={`/chat/${chat.id}`}
                  className={styles.item}
                  aria-current={chat.id === selectedId ? "page" : undefined}
                  preventScrollReset
                >
                  <InitialsAvatar name={name} size={40} className={styles.avatar} />
                  <span className={styles.itemBody}>
                    <span className={styles.itemTop}>
                      <span className={styles.itemName}>{name}</span>
                      <span className={styles.itemTime}>
                        {hydrated ? listTime(when, now) : listTime(when, now, "UTC")}
                      </span>
                    </span>
                    {chat.programme && (
                      <span className={styles.itemProgramme}>{chat.programme.name}</span>
                    )}
                    <span className={styles.itemBottom}>
                      <span className={styles.preview}>{previewOf(chat)}</span>
                      {chat.unread > 0 && (
                        <span className={styles.unread}>
                          {chat.unread}
                          <span className="visually-hidden"> unread</span>
                        </span>
                      )}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

function ApplicationPanel({ application }: { application: ApplicationDetail }) {
  const rows: [string, string][] = [
    ["Name", `${application.title} ${application.first_name} ${application.last_name}`],
    ["E-mail", application.email],
    ["Phone", application.phone_number],
    ["Sex", application.sex],
    ["Date of birth", application.date_of_birth],
    ["Nationality", application.nationality.name],
    ["Country", application.country.name],
    ["Address", `${application.address}, ${application.zip_code} ${application.city}`],
  ];
  if (application.referral_code) {
    rows.push([
      "Referral",
      application.referrer
        ? `${application.referral_code} (${application.referrer.first_name} ${application.referrer.last_name})`
        : application.referral_code,
    ]);
  }
  return (
    <aside className={styles.panel} aria-labelledby="application-title">
      <h2 id="application-title" className={styles.panelTitle}>
        Application
      </h2>
      <p className={styles.panelProgramme}>
        <Link to={`/course/${application.course.slug}`}>{application.course.name}</Link>
      </p>
      <p className={styles.panelDate}>
        Applied{" "}
        <Time
          iso={application.created_at}
          format={(iso, zone) => dateLine(iso, new Date(), zone)}
        />
      </p>
      <dl className={styles.panelFacts}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

function RemoveChatDialog({
  open,
  name,
  onConfirm,
  onClose,
  pending,
}: {
  open: boolean;
  name: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.confirm}
      aria-labelledby="remove-chat-title"
      aria-describedby="remove-chat-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="remove-chat-title" className={styles.confirmTitle}>
        Delete this conversation?
      </h2>
      <p id="remove-chat-text">
        The conversation with {name} will be removed from your list. {name} keeps it; if a new
        message arrives, it comes back.
      </p>
      <div className={styles.confirmActions}>
        <button type="button" className={styles.secondaryButton} onClick={onClose} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className={styles.dangerButton}
          onClick={onConfirm}
          disabled={pending}
        >
          {pending ? "Deleting..." : "Delete"}
        </button>
      </div>
    </dialog>
  );
}

/** The list with `chatId`'s unread count cleared (the chat the reader has open). */
function withChatRead(chats: ChatSummary[], chatId: number | null): ChatSummary[] {
  return chats.map((chat) =>
    chat.id === chatId && chat.unread > 0 ? { ...chat, unread: 0 } : chat,
  );
}

export function ChatScreen({ data }: { data: ChatScreenData }) {
  const { me } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // Opening a chat reads it: its badge goes at once (the server is told in an effect below).
  const [chats, setChats] = useState(() => withChatRead(data.chats, data.selectedId));
  const [messages, setMessages] = useState<ChatMessage[]>(data.messages?.results ?? []);
  const [hasMore, setHasMore] = useState(data.messages?.has_more ?? false);
  const [draft, setDraft] = useState("");
  const [sendError, setSendError] = useState("");
  const [sending, setSending] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const selectedId = data.selectedId;
  const scrollRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);
  const messagesRef = useRef(messages);
  useLayoutEffect(() => {
    messagesRef.current = messages;
  }, [messages]);

  // A new page load (another chat, or back to this one) replaces what the screen shows: state
  // adjusted while rendering, as React recommends, rather than in an effect after a stale paint.
  const [shownData, setShownData] = useState(data);
  if (shownData !== data) {
    setShownData(data);
    setChats(withChatRead(data.chats, data.selectedId));
    setMessages(data.messages?.results ?? []);
    setHasMore(data.messages?.has_more ?? false);
    setSendError("");
  }
  useEffect(() => {
    stickToBottom.current = true;
  }, [data]);

  useEffect(() => {
    setChatUnread(totalUnread(chats));
  }, [chats]);

  const selected = chats.find((chat) => chat.id === selectedId);
  const counterpart = selected?.counterpart ?? null;
  const counterpartName = fullName(counterpart);

  // Opening a chat with unread messages tells the server it was read.
  useEffect(() => {
    const opened = data.chats.find((chat) => chat.id === selectedId);
    if (opened && opened.unread > 0) {
      void callApi(`/api/chats/${opened.id}/read`, { method: "POST", json: {} });
    }
  }, [selectedId, data.chats]);

  const reloadList = useCallback(async () => {
    const answer = await callApi<{ results: ChatSummary[] }>("/api/chats");
    if (answer.ok) setChats(sortChats(answer.data.results));
  }, []);

  const catchUp = useCallback(async () => {
    void reloadList();
    if (selectedId === null) return;
    // The cursor is what the screen had when the socket (re)opened: messages the new socket
    // delivers meanwhile must not move it past ones that were missed.
    let after = lastMessageId(messagesRef.current);
    for (let page = 0; page < 20; page += 1) {
      const answer = await callApi<{ results: ChatMessage[]; has_more: boolean }>(
        `/api/chats/${selectedId}/messages?after=${after}`,
      );
      if (!answer.ok) return;
      const { results } = answer.data;
      setMessages((current) => mergeMessages(current, results));
      after = results.at(-1)?.id ?? after;
      if (!answer.data.has_more) break;
    }
  }, [reloadList, selectedId]);

  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type === "chat") {
        void reloadList();
        return;
      }
      if (event.type !== "message") return;
      const { message } = event;
      if (message.chat_id === selectedId) {
        setMessages((current) => mergeMessages(current, [message]));
        if (message.sender.id !== me.id && document.visibilityState === "visible") {
          void callApi(`/api/chats/${message.chat_id}/read`, { method: "POST", json: {} });
        }
      }
      let missing = false;
      setChats((current) => {
        const next = withLiveMessage(current, message, {
          ownUserId: me.id,
          openChatId: selectedId ?? undefined,
        });
        if (!next) {
          missing = true;
          return current;
        }
        return next;
      });
      if (missing) void reloadList();
    },
    [me.id, reloadList, selectedId],
  );

  const status = useLiveChat({ onEvent, onCatchUp: () => void catchUp() });

  // The view follows the newest message unless the reader scrolled up to read older ones.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box && stickToBottom.current) box.scrollTop = box.scrollHeight;
  }, [messages, selectedId]);

  const loadOlder = async () => {
    if (selectedId === null || messages.length === 0) return;
    setLoadingOlder(true);
    const box = scrollRef.current;
    const fromBottom = box ? box.scrollHeight - box.scrollTop : 0;
    const answer = await callApi<{ results: ChatMessage[]; has_more: boolean }>(
      `/api/chats/${selectedId}/messages?before=${messages[0]!.id}`,
    );
    setLoadingOlder(false);
    if (!answer.ok) return;
    stickToBottom.current = false;
    setMessages((current) => mergeMessages(current, answer.data.results));
    setHasMore(answer.data.has_more);
    requestAnimationFrame(() => {
      if (box) box.scrollTop = box.scrollHeight - fromBottom;
    });
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    // §5: empty or whitespace-only text, or no chat selected, is not sent.
    if (selectedId === null || draft.trim() === "" || sending) return;
    setSending(true);
    setSendError("");
    const answer = await callApi<ChatMessage>(`/api/chats/${selectedId}/messages`, {
      json: { content: draft },
    });
    setSending(false);
    if (answer.status === 201) {
      stickToBottom.current = true;
      setDraft("");
      setMessages((current) => mergeMessages(current, [answer.data]));
      setChats(
        (current) =>
          withLiveMessage(current, answer.data, { ownUserId: me.id, openChatId: selectedId }) ??
          current,
      );
      inputRef.current?.focus();
      return;
    }
    setSendError(
      answer.status === 0
        ? "You are offline. Your message was not sent; try again once you are back online."
        : (answer.data.message ?? "Your message could not be sent. Please try again."),
    );
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line (and composing an accented letter is not sent).
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const removeChat = async () => {
    if (selectedId === null) return;
    setRemoving(true);
    const answer = await callApi(`/api/chats/${selectedId}`, { method: "DELETE" });
    setRemoving(false);
    setConfirmOpen(false);
    if (answer.ok) {
      setChats((current) => current.filter((chat) => chat.id !== selectedId));
      void navigate("/chat", { replace: true });
    }
  };

  const loadingChat =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/chat");
  const now = new Date();

  return (
    <div
      className={styles.screen}
      data-named={data.named}
      data-panel={data.application !== null}
      data-live={status}
    >
      <ChatList
        chats={chats}
        selectedId={selectedId}
        hydrated={hydrated}
        advisor={me.role === "advisor"}
      />

      <section className={styles.conversation} aria-labelledby="conversation-title">
        <header className={styles.header}>
          {data.named && (
            <Link to="/chat" className={styles.back} aria-label="Back to all chats">
              <ArrowLeftIcon />
            </Link>
          )}
          {selected ? (
            <>
              <InitialsAvatar name={counterpartName} size={44} className={styles.avatar} />
              <div className={styles.headerText}>
                <h2 id="conversation-title" className={styles.headerName}>
                  {counterpartName}
                </h2>
                <p className={styles.headerRole}>
                  {roleLabel(counterpart?.role)}
                  {selected.programme && (
                    <>
                      {" · "}
                      <Link to={`/course/${selected.programme.slug}`}>
                        {selected.programme.name}
                      </Link>
                    </>
                  )}
                </p>
              </div>
              <span className={styles.status} data-status={status} role="status">
                {status === "live"
                  ? "Live"
                  : status === "offline"
                    ? "Reconnecting…"
                    : "Connecting…"}
              </span>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={`Delete the conversation with ${counterpartName}`}
                onClick={() => setConfirmOpen(true)}
              >
                <TrashIcon />
              </button>
            </>
          ) : (
            <h2 id="conversation-title" className={styles.headerName}>
              {CHAT_MESSAGES.selectChat}
            </h2>
          )}
        </header>

        <div
          ref={scrollRef}
          className={styles.messages}
          onScroll={(event) => {
            const box = event.currentTarget;
            stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
          }}
        >
          <p className={styles.notice}>{CHAT_MESSAGES.termsNotice}</p>
          {loadingChat ? (
            <ul className={styles.placeholders} aria-label="Loading messages">
              {[0, 1, 2, 3].map((index) => (
                <li key={index} className={styles.placeholder} data-own={index % 2 === 1} />
              ))}
            </ul>
          ) : selected || selectedId !== null ? (
            <>
              {hasMore && (
                <button
                  type="button"
                  className={styles.older}
                  onClick={() => void loadOlder()}
                  disabled={loadingOlder}
                >
                  {loadingOlder ? "Loading..." : "Show earlier messages"}
                </button>
              )}
              {messages.length === 0 && <p className={styles.empty}>{CHAT_MESSAGES.noMessages}</p>}
              <ol
                className={styles.bubbles}
                aria-label={`Messages with ${counterpartName}`}
                aria-live="polite"
              >
                {messages.map((message, index) => {
                  const own = message.sender.id === me.id;
                  const previous = messages[index - 1];
                  const day = (iso: string) => dateLine(iso, now, hydrated ? undefined : "UTC");
                  const newDay = !previous || day(previous.sent_at) !== day(message.sent_at);
                  return (
                    <li key={message.id} className={styles.row} data-own={own}>
                      {newDay && (
                        <p className={styles.dateLine}>
                          <span>{day(message.sent_at)}</span>
                        </p>
                      )}
                      <div className={styles.bubble} data-own={own}>
                        <p className={styles.sender}>{own ? "You" : fullName(message.sender)}</p>
                        <MessageText text={message.content} />
                        <p className={styles.time}>
                          <Time iso={message.sent_at} format={bubbleTime} />
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </>
          ) : (
            <p className={styles.empty}>{CHAT_MESSAGES.selectChat}</p>
          )}
        </div>

        <form className={styles.composer} onSubmit={(event) => void send(event)}>
          <label htmlFor="chat-input" className="visually-hidden">
            Message
          </label>
          <textarea
            id="chat-input"
            ref={inputRef}
            className={styles.input}
            rows={1}
            placeholder={selectedId === null ? CHAT_MESSAGES.selectChat : "Type a message"}
            value={draft}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            disabled={selectedId === null}
            aria-describedby={sendError ? "chat-send-error" : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <button
            type="submit"
            className={styles.send}
            aria-label="Send message"
            disabled={selectedId === null || sending || draft.trim() === ""}
          >
            <SendIcon />
          </button>
          {sendError && (
            <p id="chat-send-error" className={styles.sendError} role="alert">
              {sendError}
            </p>
          )}
        </form>
      </section>

      {data.application && <ApplicationPanel application={data.application} />}

      <RemoveChatDialog
        open={confirmOpen}
        name={counterpartName}
        pending={removing}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void removeChat()}
      />
    </div>
  );
}
