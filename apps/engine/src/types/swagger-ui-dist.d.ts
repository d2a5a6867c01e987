declare module 'swagger-ui-dist' {
  /** The folder holding Swagger UI's built assets. */
  export function getAbsoluteFSPath(): string;
}
