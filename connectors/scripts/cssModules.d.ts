/**
 * The panels' CSS modules, for the package's own build (tsconfig.build.json): inside the project,
 * Next's types declare them, and the root tsconfig leaves this file out so the two do not meet.
 */
declare module '*.module.css' {
  const classes: { readonly [name: string]: string }
  export default classes
}
