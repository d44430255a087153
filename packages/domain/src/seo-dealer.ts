import type { DealerInfo } from "./schemas/dealership.ts";

const DAYS: Record<DealerInfo["dealer_hours"][number]["weekday"], string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/**
 * The dealership as schema.org describes a car dealer (AutoDealer, issue 24 point 3), for the vehicle list's page:
 * its name, address, telephone, position, opening hours (days with both times; a closed day is left out), logo and
 * website. `url` is the page's canonical address; the logo is made absolute on it.
 */
export function dealerStructuredData(input: {
  dealer: Pick<DealerInfo, "name" | "full_address" | "phone" | "geo_coords" | "dealer_hours" | "website" | "theme">;
  url: string;
}): Record<string, unknown> {
  const { dealer } = input;
  const hours = dealer.dealer_hours
    .filter((day) => day.start !== null && day.end !== null)
    .map((day) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: `https://schema.org/${DAYS[day.weekday]}`, opens: day.start, closes: day.end }));
  const logo = dealer.theme.logo_url ? new URL(dealer.theme.logo_url, input.url).href : null;
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: dealer.name,
    url: input.url,
    ...(dealer.full_address ? { address: dealer.full_address } : {}),
    ...(dealer.phone ? { telephone: dealer.phone } : {}),
    geo: { "@type": "GeoCoordinates", latitude: dealer.geo_coords.lat, longitude: dealer.geo_coords.lng },
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(logo ? { logo, image: logo } : {}),
    ...(dealer.website ? { sameAs: [dealer.website] } : {}),
  };
}
