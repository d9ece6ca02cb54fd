/**
 * The landing page's demo: our own recording of the product (`npm run demo:record`), committed under web/public and
 * served by our own server. DEMO_VIDEO_URL replaces it.
 */
export const DEMO_VIDEO_PATH = "/demo/directors-demo.webm";
/** The recording's last frame, shown until the visitor presses play. */
export const DEMO_POSTER_PATH = "/demo/directors-demo-poster.jpg";
