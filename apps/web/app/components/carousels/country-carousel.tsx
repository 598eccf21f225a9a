// Browse by Country (docs/spec/discovery.md §2 "Carousels"): the spec's 15 country tiles, a picture and
// the name, each opening the finder for that country; drag and 300 px arrow scrolling.

import { countryFinderUrl, type CountryLink } from "../../utils/home-content.ts";
import { Carousel } from "./carousel.tsx";
import styles from "./country-carousel.module.css";
import { SiteLink } from "../site-link/site-link.tsx";

export function CountryCarousel({
  countries,
  label,
}: {
  countries: readonly CountryLink[];
  label: string;
}) {
  return (
    <Carousel
      label={label}
      items={countries}
      getKey={(country) => country.slug}
      itemClassName={styles.item}
      renderItem={(country) => (
        <SiteLink to={countryFinderUrl(country.slug)} className={styles.tile}>
          <img
            className={styles.image}
            src={`/media/countries/${country.slug}.svg`}
            alt=""
            width={220}
            height={110}
            loading="lazy"
            decoding="async"
          />
          <span className={styles.name}>{country.name}</span>
        </SiteLink>
      )}
    />
  );
}
