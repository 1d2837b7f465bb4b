// ra-language-german 3.x ships no types; its CommonJS export is a nested catalogue of strings.
declare module 'ra-language-german' {
  interface NestedMessages {
    [key: string]: string | NestedMessages;
  }
  const messages: NestedMessages;
  export = messages;
}
