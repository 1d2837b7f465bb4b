// The `console` of the codec sandbox (worker.mjs): vendor codecs call console.log to debug, and
// without one they throw. Each call becomes one line of text, captured within the call's limits.

const LEVELS = ['log', 'info', 'warn', 'error', 'debug'];

// Runs inside the sandbox: formats the arguments there (JSON.stringify of the codec's own values
// cannot be done from outside without copying them) and hands one string per call to `capture`.
// A string prints as it is, an Error as "Name: message", other objects as JSON, anything JSON
// cannot show (a cycle, a function, a BigInt, undefined) as String() gives it.
const FACTORY = `(function (capture, levels) {
  var text = function (value) {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return String(value);
    if (typeof value === 'object' && value !== null) {
      try {
        var json = JSON.stringify(value);
        if (typeof json === 'string') return json;
      } catch (error) {}
    }
    return String(value);
  };
  // Set once the output is full: a codec logging in a loop then spends nothing on formatting.
  var full = false;
  var console = {};
  levels.forEach(function (level) {
    console[level] = function () {
      if (full) return;
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(text(arguments[i]));
      full = capture(level, parts.join(' ')) === true;
    };
  });
  return console;
})`;

/**
 * Gives the context a global `console` whose lines go to `output` ({ lines, truncated }): at most
 * `limits.consoleLines` lines and `limits.consoleChars` characters in all. Past them the output is
 * marked truncated and further calls are ignored (a line cut at the limit counts as truncated).
 */
export function installConsole(context, limits, output) {
  let chars = 0;
  // Answers true once nothing more is kept.
  const capture = context.newFunction('capture', (levelHandle, textHandle) => {
    if (output.truncated) return context.true;
    if (output.lines.length >= limits.consoleLines || chars >= limits.consoleChars) {
      output.truncated = true;
      return context.true;
    }
    const level = context.typeof(levelHandle) === 'string' ? context.getString(levelHandle) : '';
    // The factory always passes a string; a codec that replaced String() may not.
    const text = context.typeof(textHandle) === 'string' ? context.getString(textHandle) : '';
    if (!LEVELS.includes(level)) return;
    const kept = text.slice(0, limits.consoleChars - chars);
    if (kept.length < text.length) output.truncated = true;
    chars += kept.length;
    output.lines.push({ level, text: kept });
    return undefined;
  });
  const levels = context.newArray();
  LEVELS.forEach((level, index) => {
    const handle = context.newString(level);
    context.setProp(levels, index, handle);
    handle.dispose();
  });
  const factory = context.unwrapResult(context.evalCode(FACTORY, 'console.js', { type: 'global' }));
  const console = context.unwrapResult(context.callFunction(factory, context.undefined, capture, levels));
  context.setProp(context.global, 'console', console);
  for (const handle of [console, factory, levels, capture]) handle.dispose();
}
