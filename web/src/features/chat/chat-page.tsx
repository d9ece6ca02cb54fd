/** Placeholder until this screen is built. */
export function ChatPage() {
  return <h1 className="p-8 text-2xl font-bold">Chat</h1>;
}
