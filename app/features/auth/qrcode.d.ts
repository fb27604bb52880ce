/** The part of `qrcode` (which ships no types) the enrolment page uses: a QR code as SVG text. */
declare module "qrcode" {
  type ToStringOptions = {
    type?: "svg" | "utf8" | "terminal";
    errorCorrectionLevel?: "L" | "M" | "Q" | "H";
    margin?: number;
    width?: number;
    color?: { dark?: string; light?: string };
  };
  const QRCode: { toString(text: string, options?: ToStringOptions): Promise<string> };
  export default QRCode;
}
