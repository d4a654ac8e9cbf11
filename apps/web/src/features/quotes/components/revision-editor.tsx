import { addDays, localDate } from '@voltforge/contract/calendar';
import { formatCount } from '@voltforge/contract/format-number';
import { formatUsd } from '@voltforge/contract/money';
import { partNumberKey } from '@voltforge/contract/part-number';
import type { Quote, QuoteRevisionInput } from '@voltforge/contract/quote';
import { QUOTE_LIMITS, quoteMessages } from '@voltforge/contract/quote-rules';
import { availabilityOf, availabilityText } from '@voltforge/contract/availability';
import { useRef, useState } from 'react';
import { TextareaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { useShopTerms } from '../../../lib/api/get-shop-terms';
import { getToolSearch } from '../../../lib/api/get-tool-search';
import { useToolSupply } from '../../../lib/api/get-tool-supply';
import { toast } from '../../../lib/page/toast';
import { useSendRevision } from '../api/quote-actions';

/** One offer as staff type it. */
interface OfferDraft {
  key: number;
  partNumber: string;
  quantity: string;
  unitPrice: string;
  leadTimeWeeks: string;
  minQuantity: string;
  multiple: string;
}

let nextKey = 1;

const inDays = (days: number) => addDays(localDate(new Date()), days);

/** Where the editor starts: the latest revision's offers, else one offer per tier asked for. */
function startingOffers(quote: Quote): Record<number, OfferDraft[]> {
  const latest = quote.revisions.at(-1);
  return Object.fromEntries(
    quote.lines.map((line) => {
      const sent = latest?.offers.filter((o) => o.lineNo === line.lineNo) ?? [];
      const drafts: OfferDraft[] = latest
        ? sent.map((o) => ({
            key: nextKey++,
            partNumber: o.partNumber,
            quantity: String(o.quantity),
            unitPrice: o.unitPrice.toFixed(2),
            leadTimeWeeks: String(o.leadTimeWeeks),
            minQuantity: String(o.minQuantity),
            multiple: String(o.multiple),
          }))
        : line.quantities.map((q) => ({
            key: nextKey++,
            partNumber: line.partNumber ?? '',
            quantity: String(q),
            unitPrice: '',
            leadTimeWeeks: '0',
            minQuantity: '1',
            multiple: '1',
          }));
      return [line.lineNo, drafts];
    }),
  );
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
/** A typed amount or rate ("40", "8.25"), or null when it is not a number. */
const decimal = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Staff's answer: per line its offers (a part number we sell: the line's, or a substitute), the
 * freight, tax rate, validity and a note. Sending writes the next revision; it cannot be changed
 * afterwards, only followed by another.
 */
/** The tools the quote names, by part number: its lines' and its offers'. */
function toolsOnQuote(quote: Quote): Map<string, string> {
  const known = new Map<string, string>();
  for (const line of quote.lines) {
    if (line.toolId && line.partNumber) known.set(partNumberKey(line.partNumber), line.toolId);
  }
  for (const r of quote.revisions) {
    for (const o of r.offers) known.set(partNumberKey(o.partNumber), o.toolId);
  }
  return known;
}

/**
 * How an offer's quantity of a tool on the quote ships from its stock and batches (the contract's
 * `availabilityOf`, as the cart will say it), so the lead time offered is an honest one.
 */
function OfferAvailability({ toolId, quantity }: { toolId: string; quantity: string }) {
  const supply = useToolSupply(toolId);
  const wanted = Number(quantity);
  if (!supply.data || !Number.isInteger(wanted) || wanted < 1) return null;
  return (
    <p className="col-span-full text-xs text-base-content/80">
      From stock: ships{' '}
      {availabilityText(availabilityOf(wanted, supply.data, localDate(new Date())))}
    </p>
  );
}

export function RevisionEditor({ quote }: { quote: Quote }) {
  const terms = useShopTerms();
  const send = useSendRevision(quote.id);
  const latest = quote.revisions.at(-1);
  const [offers, setOffers] = useState(() => startingOffers(quote));
  const [freight, setFreight] = useState(latest ? latest.freight.toFixed(2) : '0.00');
  const [taxRate, setTaxRate] = useState<string | null>(latest ? String(latest.taxRate) : null);
  const [validUntil, setValidUntil] = useState(inDays(14));
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // A first answer starts from the shop's tax rate, once its terms are read.
  const shownTaxRate = taxRate ?? (terms.data ? String(terms.data.taxRateBasisPoints / 100) : null);
  const sending = useRef(false);

  const change = (lineNo: number, key: number, patch: Partial<OfferDraft>) =>
    setOffers((all) => ({
      ...all,
      [lineNo]: all[lineNo]!.map((o) => (o.key === key ? { ...o, ...patch } : o)),
    }));

  /** The tool of each part number typed: the ones on the quote, else found in the catalogue. */
  const knownTools = toolsOnQuote(quote);
  const resolveTools = async (): Promise<Map<string, string>> => {
    const known = new Map(knownTools);
    const wanted = [
      ...new Set(
        Object.values(offers)
          .flat()
          .map((o) => o.partNumber.trim())
          .filter((p) => p && !known.has(partNumberKey(p))),
      ),
    ];
    await Promise.all(
      wanted.map(async (part) => {
        const found = await getToolSearch({ search: part, pageSize: '5' });
        const exact = found.items.find((t) => partNumberKey(t.partNumber) === partNumberKey(part));
        if (exact) known.set(partNumberKey(part), exact._id);
      }),
    );
    return known;
  };

  const submit = async () => {
    if (sending.current) return;
    setRefusal(null);
    const freightValue = decimal(freight);
    const taxValue = decimal(shownTaxRate ?? '');
    if (freightValue === null) {
      setRefusal(quoteMessages.freight);
      return;
    }
    if (taxValue === null) {
      setRefusal(quoteMessages.taxRate);
      return;
    }
    // Set before the catalogue is searched, so a double click cannot send twice.
    sending.current = true;
    const tools = await resolveTools().catch(() => null);
    if (!tools) {
      sending.current = false;
      setRefusal('The catalogue could not be searched. Try again.');
      return;
    }
    const lines: QuoteRevisionInput['lines'] = [];
    for (const line of quote.lines) {
      const drafts = offers[line.lineNo] ?? [];
      const list = [];
      for (const d of drafts) {
        const toolId = tools.get(partNumberKey(d.partNumber.trim()));
        if (!toolId) {
          sending.current = false;
          setRefusal(quoteMessages.offerTool(line.lineNo));
          return;
        }
        list.push({
          toolId,
          quantity: whole(d.quantity),
          unitPrice: Number(d.unitPrice),
          leadTimeWeeks: whole(d.leadTimeWeeks),
          minQuantity: whole(d.minQuantity),
          multiple: whole(d.multiple),
        });
      }
      lines.push({ lineNo: line.lineNo, offers: list });
    }
    send.mutate(
      {
        revision: (latest?.revision ?? 0) + 1,
        validUntil,
        freight: freightValue,
        taxRate: taxValue,
        note,
        lines,
      },
      {
        onSuccess: (sent) => {
          toast.success(`Revision ${sent.revisions.length} sent to ${sent.requestedBy.name}.`);
          setNote('');
        },
        onError: (error) => {
          sending.current = false;
          setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Answer the quote"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {quote.lines.map((line) => (
        <fieldset key={line.lineNo} className="rounded-box border border-base-300 bg-base-100 p-3">
          <legend className="px-1 text-sm font-semibold">
            Line {line.lineNo}: {line.partNumber ?? line.partText} — asked{' '}
            {line.quantities.map((q) => formatCount(q)).join(' / ')}
            {line.targetPrice !== null ? `, target ${formatUsd(line.targetPrice)}` : ''}
          </legend>
          {(offers[line.lineNo] ?? []).length === 0 ? (
            <p className="text-sm text-base-content/75">
              No offer: the buyer reads that we cannot offer it.
            </p>
          ) : null}
          {(offers[line.lineNo] ?? []).map((o, index) => (
            <div
              key={o.key}
              className="grid grid-cols-2 gap-2 border-b border-base-300 py-2 lg:grid-cols-4"
            >
              <TextField
                label={`Offer ${index + 1}: part number`}
                name={`part-${o.key}`}
                value={o.partNumber}
                onChange={(event) => change(line.lineNo, o.key, { partNumber: event.target.value })}
              />
              <TextField
                label="Quantity"
                aria-label={`Line ${line.lineNo}, offer ${index + 1}: quantity`}
                name={`quantity-${o.key}`}
                inputMode="numeric"
                value={o.quantity}
                onChange={(event) => change(line.lineNo, o.key, { quantity: event.target.value })}
              />
              <TextField
                label="Unit price ($)"
                aria-label={`Line ${line.lineNo}, offer ${index + 1}: unit price ($)`}
                name={`price-${o.key}`}
                inputMode="decimal"
                value={o.unitPrice}
                onChange={(event) => change(line.lineNo, o.key, { unitPrice: event.target.value })}
              />
              <TextField
                label="Lead time (weeks)"
                aria-label={`Line ${line.lineNo}, offer ${index + 1}: lead time (weeks)`}
                name={`lead-${o.key}`}
                inputMode="numeric"
                value={o.leadTimeWeeks}
                onChange={(event) =>
                  change(line.lineNo, o.key, { leadTimeWeeks: event.target.value })
                }
              />
              <TextField
                label="Minimum"
                aria-label={`Line ${line.lineNo}, offer ${index + 1}: minimum`}
                name={`min-${o.key}`}
                inputMode="numeric"
                value={o.minQuantity}
                onChange={(event) =>
                  change(line.lineNo, o.key, { minQuantity: event.target.value })
                }
              />
              <TextField
                label="Multiple"
                aria-label={`Line ${line.lineNo}, offer ${index + 1}: multiple`}
                name={`multiple-${o.key}`}
                inputMode="numeric"
                value={o.multiple}
                onChange={(event) => change(line.lineNo, o.key, { multiple: event.target.value })}
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm self-end"
                onClick={() =>
                  setOffers((all) => ({
                    ...all,
                    [line.lineNo]: all[line.lineNo]!.filter((x) => x.key !== o.key),
                  }))
                }
              >
                Remove offer {index + 1}
              </button>
              {knownTools.get(partNumberKey(o.partNumber.trim())) ? (
                <OfferAvailability
                  toolId={knownTools.get(partNumberKey(o.partNumber.trim()))!}
                  quantity={o.quantity}
                />
              ) : null}
            </div>
          ))}
          {(offers[line.lineNo] ?? []).length < QUOTE_LIMITS.offers ? (
            <button
              type="button"
              className="btn btn-sm mt-2"
              onClick={() =>
                setOffers((all) => ({
                  ...all,
                  [line.lineNo]: [
                    ...(all[line.lineNo] ?? []),
                    {
                      key: nextKey++,
                      partNumber: line.partNumber ?? '',
                      quantity: '',
                      unitPrice: '',
                      leadTimeWeeks: '0',
                      minQuantity: '1',
                      multiple: '1',
                    },
                  ],
                }))
              }
            >
              Add an offer to line {line.lineNo}
            </button>
          ) : null}
        </fieldset>
      ))}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Freight ($)"
          name="freight"
          inputMode="decimal"
          value={freight}
          onChange={(event) => setFreight(event.target.value)}
        />
        <TextField
          label="Tax rate (%)"
          name="taxRate"
          inputMode="decimal"
          value={shownTaxRate ?? ''}
          placeholder={terms.isPending ? 'Loading the shop’s rate…' : undefined}
          onChange={(event) => setTaxRate(event.target.value)}
        />
        <TextField
          label="Valid until"
          name="validUntil"
          type="date"
          value={validUntil}
          onChange={(event) => setValidUntil(event.target.value)}
        />
      </div>
      <TextareaField
        label="Note to the buyer (optional)"
        name="note"
        rows={3}
        maxLength={QUOTE_LIMITS.note}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {refusal ? (
        <p role="alert" className="font-medium text-error">
          {refusal}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={send.isPending || shownTaxRate === null}
      >
        {latest ? `Send revision ${latest.revision + 1}` : 'Send the quote'}
      </button>
    </form>
  );
}
