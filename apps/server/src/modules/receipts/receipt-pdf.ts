import PDFDocument from 'pdfkit';
import { formatMicros } from '@screenline/shared/money';
import { formatIban } from '@screenline/shared/payment';
import { RECEIPT_KIND_LABELS, type TReceiptKind } from '@screenline/shared/receipt';
import type { TReceiptDetails } from './receipt-numbers';

export interface TReceiptDocument {
  number: string;
  kind: TReceiptKind;
  month: string | null;
  amountMicros: number;
  issuedAt: Date;
  details: TReceiptDetails;
}

const DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "October 2026" for a month's first day. */
export function monthLabel(month: string): string {
  return MONTH.format(new Date(`${month}T00:00:00Z`));
}

/**
 * A receipt as an A4 PDF (pdfkit, its built-in Helvetica: nothing to load, WinAnsi text, so
 * € and the usual European letters print; other scripts print as the font's missing glyph).
 * Everything on it comes from the stored receipt, so the same receipt is the same document.
 */
export function renderReceiptPdf(receipt: TReceiptDocument): Promise<Buffer> {
  const { details } = receipt;
  const title = `${RECEIPT_KIND_LABELS[receipt.kind]} receipt ${receipt.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Author: details.platform.accountHolder || 'Screenline' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;

  // The issuer: the platform's details as they were when the receipt was issued.
  const { platform } = details;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(platform.accountHolder || 'Screenline');
  doc.font('Helvetica').fontSize(10);
  if (platform.address) doc.text(platform.address);
  if (platform.iban)
    doc.text(
      [
        platform.bankName,
        `IBAN ${formatIban(platform.iban)}`,
        platform.bic && `BIC ${platform.bic}`,
      ]
        .filter(Boolean)
        .join(' · '),
    );
  doc.moveDown(2);

  doc.font('Helvetica-Bold').fontSize(20).text(RECEIPT_KIND_LABELS[receipt.kind]);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Receipt number: ${receipt.number}`);
  doc.text(`Date: ${DAY.format(receipt.issuedAt)}`);
  if (receipt.month) doc.text(`Period: ${monthLabel(receipt.month)}`);
  doc.moveDown();
  doc.text(`Issued to: ${details.recipient.name} <${details.recipient.email}>`);
  doc.moveDown();
  doc.text(details.description, { width });
  doc.moveDown();

  // The lines and their total, amounts right-aligned.
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 56, y, { width: width - 120 });
    const after = doc.y;
    doc.text(amount, 56 + width - 120, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  for (const line of details.lines) row(line.label, formatMicros(line.amountMicros));
  doc
    .moveTo(56, doc.y + 4)
    .lineTo(56 + width, doc.y + 4)
    .stroke();
  doc.moveDown(0.5);
  row('Total', formatMicros(receipt.amountMicros), true);
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(
      'Amounts in euros. This receipt records a movement of your Screenline wallet; the platform’s ledger holds every entry behind it.',
      56,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
