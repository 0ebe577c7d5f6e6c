/**
 * Pictures and videos that people upload: what they are by their content, checks against files
 * that are also something else, re-encoding of pictures, video thumbnails with ffmpeg, and
 * streaming an upload to a temporary file under a limit. Its own entry point
 * (`@linksmate/platform/media`), so only the services that take uploads load sharp.
 */
export * from './errors';
export * from './ffmpeg';
export * from './image';
export * from './multipart';
export * from './receive';
export * from './temp';
export * from './thumbnail';
export * from './video';
