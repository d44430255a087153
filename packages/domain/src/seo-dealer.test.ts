import { describe, expect, it } from "vitest";
import { dealerStructuredData } from "./seo-dealer.ts";

const dealer = {
  name: "Maple Auto Toronto",
  full_address: "250 Front Street West, Toronto, ON M5V 3G5",
  phone: "(416) 555-0142",
  geo_coords: { lat: 43.6426, lng: -79.3871 },
  dealer_hours: [
    { weekday: "monday" as const, start: "09:00", end: "18:00" },
    { weekday: "sunday" as const, start: null, end: null },
  ],
  website: "https://maple-auto.example",
  theme: { logo_url: "/api/quickshop/dealership/logo/maple-auto.svg" } as never,
};

describe("the dealership's AutoDealer structured data", () => {
  it("names the dealer, its address, telephone, position, open days, logo and website on the page's address", () => {
    expect(dealerStructuredData({ dealer, url: "https://shop.test/en/maple-auto/search/" })).toEqual({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Maple Auto Toronto",
      url: "https://shop.test/en/maple-auto/search/",
      address: "250 Front Street West, Toronto, ON M5V 3G5",
      telephone: "(416) 555-0142",
      geo: { "@type": "GeoCoordinates", latitude: 43.6426, longitude: -79.3871 },
      openingHoursSpecification: [{ "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "09:00", closes: "18:00" }],
      logo: "https://shop.test/api/quickshop/dealership/logo/maple-auto.svg",
      image: "https://shop.test/api/quickshop/dealership/logo/maple-auto.svg",
      sameAs: ["https://maple-auto.example"],
    });
  });

  it("leaves out what the dealership has not given (no hours, no website)", () => {
    const bare = dealerStructuredData({ dealer: { ...dealer, dealer_hours: [], website: null }, url: "https://shop.test/maple-auto/search/" });
    expect(bare).not.toHaveProperty("openingHoursSpecification");
    expect(bare).not.toHaveProperty("sameAs");
  });
});
