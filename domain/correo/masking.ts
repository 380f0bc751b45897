/** For logs: 'ana.perez@correo.com' → '***@correo.com'. Full addresses never reach a log. */
export function maskEmail(email: string): string {
  const arroba = email.lastIndexOf('@');
  return arroba < 0 ? '***' : `***@${email.slice(arroba + 1)}`;
}

/** Any e-mail address or run of 7-8 digits (a DNI) inside free text, masked: SMTP errors quote recipients. */
export function maskText(texto: string): string {
  return texto.replace(/[^\s<>"'@]+@([^\s<>"']+)/g, '***@$1').replace(/\b\d{1,2}\.?\d{3}\.?\d{3}\b/g, '***');
}
