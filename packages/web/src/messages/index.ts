export type { Message, MessageVariant } from "./messageStore.ts";
export {
  $announcement,
  $messages,
  announce,
  clearMessages,
  describeError,
  dismissMessage,
  showError,
  showMessage,
} from "./messageStore.ts";
