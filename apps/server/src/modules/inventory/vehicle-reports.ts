/** A vehicle-history report provider (Carfax and the like). */
export type VehicleReportProvider = {
  badges(vin: string, language: "en" | "fr"): Promise<{ vin: string; badges: { code: string; label: string; image_url: string | null }[]; report_url: string | null }>;
};

/**
 * The built-in provider: no report service is under contract, so no vehicle has badges. It answers
 * honestly (an empty list) rather than inventing history.
 */
export const noVehicleReports: VehicleReportProvider = {
  badges: (vin) => Promise.resolve({ vin, badges: [], report_url: null }),
};
