import { useState } from "react";
import { useI18n } from "../../i18n/index.ts";
import { vehiclePictureAttributes, vehicleThumbnailUrl } from "../../lib/vehicle-picture.ts";

/**
 * How wide the main picture is shown: the page's left column (3 of 5 parts of at most 80rem) on a laptop or wider,
 * the page's width on a phone or tablet.
 */
const GALLERY_PICTURE_SIZES = "(min-width: 1280px) 46rem, (min-width: 1024px) calc(60vw - 2.1rem), calc(100vw - 2rem)";

export function Gallery(props: { images: string[]; title: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = props.images[index] ?? props.images[0];
  if (!current) return null;
  return (
    <section aria-label={t("details.gallery")} data-testid="gallery">
      {/* The page's largest paint: fetched first. Rendered on the server with its srcset, React preloads it from the head. */}
      <img
        {...vehiclePictureAttributes(current, GALLERY_PICTURE_SIZES, 960)}
        alt={t("details.picture_of", { title: props.title, number: index + 1, total: props.images.length })}
        width={640}
        height={400}
        fetchPriority="high"
        className="aspect-[16/10] w-full rounded-xl bg-[var(--accent-soft)] object-cover"
        data-testid="gallery-picture"
      />
      {props.images.length > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto">
          {props.images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={t("details.show_picture", { number: i + 1 })}
                className="block w-24 overflow-hidden rounded-md border-2 border-transparent aria-pressed:border-[var(--accent)] focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
              >
                <img src={vehicleThumbnailUrl(src)} alt="" width={96} height={60} loading="lazy" className="aspect-[16/10] w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
