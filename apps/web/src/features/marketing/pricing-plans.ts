/** The pricing tiers of the product spec (sections 6 and 9). They are marketing text only. */
export const PRICING: {
  readonly currency: string;
  readonly free: { readonly monthlyPrice: number; readonly uploadsPerMonth: number };
  readonly premium: { readonly monthlyPrice: number; readonly regularMonthlyPrice: number };
} = {
  currency: 'USD',
  free: { monthlyPrice: 0, uploadsPerMonth: 5 },
  premium: { monthlyPrice: 20, regularMonthlyPrice: 40 },
};

/** A whole-dollar amount in the reader's language: "$20" in English, "20 USD" in Polish. */
export function formatPrice(amount: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: PRICING.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}
