import { zipFiles } from '../common/zip';
import type { GatewayCertificate } from '../types/api';

/** Saves text as a file through the browser's download. */
export function downloadText(filename: string, text: string): void {
  downloadBlob(filename, new Blob([text], { type: 'application/x-pem-file' }));
}

function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The three files of a gateway's certificate, named after the gateway. */
export function certificateFiles(gatewayId: string, cert: GatewayCertificate) {
  return [
    { key: 'ca_cert', filename: 'ca.pem', text: cert.ca_cert },
    { key: 'tls_cert', filename: `${gatewayId}.cert.pem`, text: cert.tls_cert },
    { key: 'tls_key', filename: `${gatewayId}.key.pem`, text: cert.tls_key },
  ] as const;
}

/**
 * The whole bundle as ONE download (browsers block the second and third of three): a zip named
 * after the gateway with the three PEM files and a README that says where each goes.
 */
export function certificateArchive(gatewayId: string, cert: GatewayCertificate, readme: string): { filename: string; blob: Blob } {
  const entries = [...certificateFiles(gatewayId, cert).map((file) => ({ name: file.filename, text: file.text })), { name: 'README.txt', text: readme }];
  return { filename: `${gatewayId}-certificates.zip`, blob: new Blob([zipFiles(entries)], { type: 'application/zip' }) };
}

export function downloadArchive(archive: { filename: string; blob: Blob }): void {
  downloadBlob(archive.filename, archive.blob);
}
