// Stylesheets are bundled by Gatsby's webpack; they export nothing to TypeScript.
declare module '*.css';
