/**
 * Runs the inline module that hydrateAfterFirstPaint writes (decision 035) outside a browser, with
 * the page's globals replaced by recorders: what it imports, which preload links it adds, and
 * where it lets the browser end its task, in the order it does them. The browser runs the text as
 * a module; here it runs as an async function with `import(` replaced by the recorder.
 */

/** Where the module ends its task (a message to itself), in the recorded timeline. */
export const NEXT_TASK = "(next task)";

/** The inline module's text and what it does when run: which modules it imports, in what order. */
export async function runInlineModule(html: string) {
  const text = /<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (text === undefined) throw new Error("no inline module");
  const imported: string[] = [];
  const appended: string[] = [];
  /** Every preload link added, every import and every end of a task, in the order they happen. */
  const timeline: string[] = [];
  let painted!: () => void;
  const window: Record<string, unknown> = {};
  const document = {
    visibilityState: "visible",
    head: {
      append: (link: { rel: string; href: string }) => {
        appended.push(`${link.rel} ${link.href}`);
        timeline.push(`${link.rel} ${link.href}`);
      },
    },
    createElement: () => ({}),
  };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    readonly seen: (list: unknown, observer: { disconnect(): void }) => void;
    constructor(seen: (list: unknown, observer: { disconnect(): void }) => void) {
      this.seen = seen;
    }
    observe() {
      painted = () => this.seen([], { disconnect() {} });
    }
  }
  // The module's own text, run as an async function with the page's globals and `import` replaced
  // by a recorder (the browser runs it as a module; the text is the same).
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const body = text.replace(/\bimport\(/g, "load(");
  const load = async (specifier: string) => {
    imported.push(specifier);
    timeline.push(`import ${specifier}`);
    return { specifier };
  };
  // Where the module lets the browser end its task (a message to itself): marked in the list of imports.
  class MessageChannel {
    readonly port1: { onmessage?: () => void } = {};
    readonly port2 = {
      postMessage: () => {
        timeline.push(NEXT_TASK);
        setTimeout(() => this.port1.onmessage?.());
      },
    };
  }
  const running = new AsyncFunction("window", "document", "PerformanceObserver", "MessageChannel", "load", body)(
    window,
    document,
    PerformanceObserver,
    MessageChannel,
    load,
  );
  await Promise.resolve();
  const beforePaint = { imported: [...imported], appended: [...appended] };
  painted();
  await running;
  return { text, beforePaint, imported, appended, timeline, window };
}

