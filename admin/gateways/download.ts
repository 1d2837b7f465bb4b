import type { GatewayCertificate } from '../types/api';

/** Saves text as a file through the browser's download. */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pem-file' }));
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
