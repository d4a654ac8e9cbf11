import { z } from 'zod';

// Only web addresses: javascript:, data: and other schemes never reach an <img src> or <a href>.
export const httpUrl = z.url({ protocol: /^https?$/ });

export function isHttpUrl(value: string): boolean {
  return httpUrl.safeParse(value).success;
}
