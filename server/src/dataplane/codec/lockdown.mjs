// Run in a context kept loaded across calls (cached.mjs) before any codec code, so that no call can
// leave anything in the shared realm for a later call to find:
// - every intrinsic (the built-in constructors, their prototypes, Math, JSON, the iterator and
//   generator prototypes that no global names, the accessors' functions) is frozen: a codec cannot
//   add to Array.prototype or replace JSON.stringify;
// - the global object's own properties (the built-ins) become read-only and permanent, while the
//   object stays extensible (a sloppy codec may still assign an undeclared name). What a call adds
//   to it is then told by the number of its keys alone, which the context checks after each call.
// It answers that number.
export const LOCKDOWN = `(function (global) {
  var seen = new Set([global]);
  var pending = [];
  var add = function (value) {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
      if (!seen.has(value)) {
        seen.add(value);
        pending.push(value);
      }
    }
  };
  var keys = Reflect.ownKeys(global);
  keys.forEach(function (key) {
    var property = Object.getOwnPropertyDescriptor(global, key);
    add(property.value);
    add(property.get);
    add(property.set);
  });
  add(Object.getPrototypeOf(global));
  // Intrinsics that no global property names.
  add(Object.getPrototypeOf(function* () {}));
  add(Object.getPrototypeOf(async function () {}));
  add(Object.getPrototypeOf(async function* () {}));
  add(Object.getPrototypeOf([][Symbol.iterator]()));
  add(Object.getPrototypeOf(new Map()[Symbol.iterator]()));
  add(Object.getPrototypeOf(new Set()[Symbol.iterator]()));
  add(Object.getPrototypeOf(''[Symbol.iterator]()));
  add(Object.getPrototypeOf(/a/[Symbol.matchAll]('')));
  add(Object.getPrototypeOf(Int8Array));
  while (pending.length > 0) {
    var object = pending.pop();
    add(Object.getPrototypeOf(object));
    Reflect.ownKeys(object).forEach(function (key) {
      var property = Object.getOwnPropertyDescriptor(object, key);
      if (property) {
        add(property.value);
        add(property.get);
        add(property.set);
      }
    });
  }
  seen.forEach(function (object) {
    if (object !== global) Object.freeze(object);
  });
  keys.forEach(function (key) {
    var property = Object.getOwnPropertyDescriptor(global, key);
    Object.defineProperty(global, key, 'value' in property ? { writable: false, configurable: false } : { configurable: false });
  });
  return Reflect.ownKeys(global).length;
})(globalThis)`;

// The check after each call: the global object's keys, compared with LOCKDOWN's answer.
export const GLOBAL_KEYS = `(function () { return Reflect.ownKeys(globalThis).length; })`;
