/** Next's context of a catch-all route (`[...path]` or `[[...path]]`): the path's segments below the route's folder. */
export type CatchAllContext = { params: Promise<{ path?: string[] | undefined }> }
