// The event-stream reading the chat benches share (bench:chat, bench:streams): the conversation of
// each `message` event, as the stream's text arrives in chunks.
export function messageEventReader(onMessage: (conversation: number) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.includes("event: message")) continue;
      const { conversation } = JSON.parse(/data: (.*)/.exec(block)![1]!) as { conversation: number };
      onMessage(conversation);
    }
  };
}
