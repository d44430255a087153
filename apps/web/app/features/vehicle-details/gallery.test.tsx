import { PHOTO_WIDTHS } from "@showroom/domain";
import { renderToReadableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { Gallery } from "./gallery.tsx";

const photos = ["/api/quickshop/inventory/7/photos/0/?v=0123456789ab", "/api/quickshop/inventory/7/photos/1/?v=ba9876543210"];
const t = translator(catalogues.en);
const gallery = (images: string[]) => (
  <I18nContext.Provider value={{ locale: "en-ca", t }}>
    <Gallery images={images} title="2023 Honda Accord EX" />
  </I18nContext.Provider>
);

describe("Gallery", () => {
  it("asks the image route for the width the layout shows, from a srcset of the route's widths", () => {
    const html = renderToStaticMarkup(gallery(photos));
    const main = /<img[^>]*data-testid="gallery-picture"[^>]*>/.exec(html)![0];
    expect(main).toContain(`src="${photos[0]}&amp;w=960"`);
    for (const width of PHOTO_WIDTHS) expect(main).toContain(`&amp;w=${width} ${width}w`);
    expect(main).toMatch(/sizes="\(min-width: 1280px\) 46rem, [^"]+"/);
    expect(main).toContain('fetchPriority="high"');
    // Thumbnails: the narrowest width, loaded lazily.
    expect(html).toContain(`src="${photos[1]}&amp;w=320"`);
  });

  it("keeps a drawn picture's one address (an SVG scales)", () => {
    const html = renderToStaticMarkup(gallery(["/api/quickshop/inventory/pictures/sedan/white/0.svg"]));
    expect(html).toContain('src="/api/quickshop/inventory/pictures/sedan/white/0.svg"');
    expect(html).not.toContain("srcSet");
  });

  it("is preloaded from the document's head with its srcset, sizes and high priority", async () => {
    const stream = await renderToReadableStream(
      <html lang="en">
        <head>
          <title>Vehicle</title>
        </head>
        <body>{gallery(photos)}</body>
      </html>,
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = /<link rel="preload"[^>]*>/.exec(head)?.[0] ?? "";
    expect(preload).toContain('as="image"');
    expect(preload).toContain(`imageSrcSet="${photos[0]}&amp;w=320 320w`);
    expect(preload).toContain('imageSizes="(min-width: 1280px) 46rem');
    expect(preload).toContain('fetchPriority="high"');
  });
});
