import { useStore } from "@nanostores/react";
import { Banner, VisuallyHidden } from "@primer/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import {
  $announcement,
  $messages,
  dismissMessage,
  leaveOtherPages,
  type Message,
} from "../messages/messageStore.ts";

function MessageBanner({ message }: { message: Message }) {
  return (
    <Banner
      variant={message.variant}
      title={message.title}
      description={message.description}
      onDismiss={() => dismissMessage(message.id)}
    />
  );
}

/**
 * The page's messages. The live regions exist before any message arrives, so screen readers
 * announce each new Banner: errors assertively, everything else politely.
 */
export function MessageRegion() {
  const messages = useStore($messages);
  const announcement = useStore($announcement);
  const [location] = useLocation();
  useEffect(() => leaveOtherPages(location), [location]);
  const urgent = messages.filter((message) => message.variant === "critical");
  const polite = messages.filter((message) => message.variant !== "critical");
  return (
    <div className="sleuth-messages">
      <div role="alert">
        {urgent.map((message) => (
          <MessageBanner key={message.id} message={message} />
        ))}
      </div>
      <div role="status">
        {polite.map((message) => (
          <MessageBanner key={message.id} message={message} />
        ))}
        <VisuallyHidden key={announcement?.id}>{announcement?.text}</VisuallyHidden>
      </div>
    </div>
  );
}
