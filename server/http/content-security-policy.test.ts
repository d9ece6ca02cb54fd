import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";

const OWN_IMAGES = ["'self'", "data:", "blob:"];

describe("the Content Security Policy", () => {
  it("lets images come from this origin only, and other hosts in only for the demo video DEMO_VIDEO_URL names", () => {
    for (const demo of [undefined, "/demo/tour.webm"]) {
      expect(contentSecurityPolicy({ DEMO_VIDEO_URL: demo })).toMatchObject({
        imgSrc: OWN_IMAGES,
        mediaSrc: ["'self'", "blob:"],
        frameSrc: ["'none'"],
      });
    }
    expect(contentSecurityPolicy({ DEMO_VIDEO_URL: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" })).toMatchObject({
      imgSrc: OWN_IMAGES,
      mediaSrc: ["'self'", "blob:"],
      frameSrc: ["https://www.youtube-nocookie.com"],
    });
    expect(contentSecurityPolicy({ DEMO_VIDEO_URL: "https://vimeo.com/76979871" })).toMatchObject({
      imgSrc: OWN_IMAGES,
      frameSrc: ["https://player.vimeo.com"],
    });
    expect(contentSecurityPolicy({ DEMO_VIDEO_URL: "https://cdn.example.com/videos/tour.mp4" })).toMatchObject({
      imgSrc: OWN_IMAGES,
      mediaSrc: ["'self'", "blob:", "https://cdn.example.com"],
      frameSrc: ["'none'"],
    });
  });
});
