/** The empty popup's background: answers every message with what it was sent, and does nothing else. */
const { chrome } = globalThis as unknown as {
  chrome: {
    runtime: {
      onMessage: {
        addListener(listener: (message: unknown, sender: unknown, reply: (answer: unknown) => void) => void): void;
      };
    };
  };
};

chrome.runtime.onMessage.addListener((message, _sender, reply) => reply(message));
