import { partNumberKey } from '@voltforge/contract/part-number';
import type { Tool } from '@voltforge/contract/tool';
import { getToolSearch } from '../../lib/api/get-tool-search';

/** The tool for sale whose part number is `part` (in any case and spacing), or null. */
export async function findToolByPartNumber(part: string): Promise<Tool | null> {
  const found = await getToolSearch({ search: part.trim(), pageSize: '5' }).catch(() => null);
  return found?.items.find((t) => partNumberKey(t.partNumber) === partNumberKey(part)) ?? null;
}
