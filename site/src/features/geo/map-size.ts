/** The map's drawing size (its aspect ratio reserves the space before it loads). */
export const MAP_WIDTH = 560;
export const MAP_HEIGHT = 640;
