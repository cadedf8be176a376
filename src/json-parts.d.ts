// One part of a language's error or common texts (vite-plugins/error-texts.ts). A script, not a module, so
// the wildcard declarations are ambient.
declare module '*errors.json?part=first' {
  const texts: Record<string, string>;
  export default texts;
}
declare module '*errors.json?part=screens' {
  const texts: Record<string, string>;
  export default texts;
}
declare module '*common.json?part=first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*common.json?part=pages' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*content.json?part=first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*content.json?part=pages' {
  const texts: Record<string, unknown>;
  export default texts;
}
