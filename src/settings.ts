// Typed reads of our settings. What could redirect a request (the proxy) is read from user settings
// only: a workspace's .vscode/settings.json must not be able to send credentials elsewhere.
import * as vscode from 'vscode';

export const SETTINGS = {
  serviceVersion: 'billingWorkbench.serviceVersion',
  previewOnSave: 'billingWorkbench.preview.onSave',
  requestTimeoutSeconds: 'billingWorkbench.requestTimeoutSeconds',
  debounceMs: 'billingWorkbench.validation.debounceMs',
} as const;

export interface Settings { serviceVersion?: string; previewOnSave: 'auto' | 'on' | 'off'; requestTimeoutSeconds: number; proxy?: string; proxyStrictSSL: boolean }

function userValue<T>(section: string, key: string, fallback: T): T {
  const i = vscode.workspace.getConfiguration(section).inspect<T>(key);
  return (i?.globalValue ?? i?.defaultValue ?? fallback) as T;
}

export function settings(): Settings {
  const c = vscode.workspace.getConfiguration('billingWorkbench');
  return {
    serviceVersion: c.get<string>('serviceVersion') || undefined,
    previewOnSave: c.get<'auto' | 'on' | 'off'>('preview.onSave', 'auto'),
    requestTimeoutSeconds: userValue('billingWorkbench', 'requestTimeoutSeconds', 60),
    proxy: userValue<string>('http', 'proxy', '') || undefined,
    proxyStrictSSL: userValue('http', 'proxyStrictSSL', true),
  };
}
