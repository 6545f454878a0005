// Our settings: keys as constants, typed values read once per change, and ONE configuration listener that
// tells every component (clients, diagnostics, request files, preview on save). What could redirect a
// request (the proxy) or slow the Local sandbox is read from user settings only: a workspace's
// .vscode/settings.json must not be able to send credentials elsewhere.
import * as vscode from 'vscode';
import { DEFAULT_PREVIEW_PERIODS, periodsOf } from './payloads/previewPeriods';
import { Disposable } from './util/dispose';

export const SECTION = 'billingWorkbench';

/** Keys under `billingWorkbench.` */
export const SETTING = {
  serviceVersion: 'serviceVersion',
  previewOnSave: 'preview.onSave',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
  maxResponseMB: 'maxResponseMB',
  debounceMs: 'validation.debounceMs',
  localSandbox: 'localSandbox',
  localSandboxFaults: 'localSandbox.faults',
  localSandboxLatencyMs: 'localSandbox.latencyMs',
  localSandboxRounding: 'localSandbox.rounding',
  localSandboxProration: 'localSandbox.proration',
  localSandboxDaysInMonth: 'localSandbox.daysInMonth',
  previewLive: 'preview.live',
  previewPeriods: 'preview.periods',
} as const;

const PROXY = 'http.proxy';
const PROXY_STRICT_SSL = 'http.proxyStrictSSL';

export type PreviewOnSaveMode = 'auto' | 'on' | 'off';
/** Live preview while typing: "auto" = the Local sandbox only. */
export type PreviewLiveMode = 'auto' | 'on' | 'off';

export interface SettingValues {
  serviceVersion?: string;
  previewOnSave: PreviewOnSaveMode;
  requestTimeoutSeconds: number;
  /** The largest answer a client reads, in MB (user settings only). */
  maxResponseMB: number;
  debounceMs: number;
  proxy?: string;
  proxyStrictSSL: boolean;
  /** The Local sandbox's `faults` spec, latency and billing rules (user settings only). */
  localSandbox: { faults?: string; latencyMs?: number; rounding?: string; proration?: string; daysInMonth?: string };
  previewLive: PreviewLiveMode;
  /** Billing periods a preview asks billing documents for (0: none), unless the payload names its own. */
  previewPeriods: number;
}

/** What a configuration change touched, in the terms the components care about. */
export interface SettingsChange {
  /** Anything a client is built from: service version, timeout, proxy. */
  client: boolean;
  localSandbox: boolean;
  serviceVersion: boolean;
}

export class Settings extends Disposable {
  private current = read();
  private readonly changed = this._register(new vscode.EventEmitter<SettingsChange>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.onDidChangeConfiguration(e => this.update(e)));
  }

  get values(): Readonly<SettingValues> {
    return this.current;
  }

  private update(e: vscode.ConfigurationChangeEvent): void {
    const ours = e.affectsConfiguration(SECTION);
    const proxy = e.affectsConfiguration(PROXY) || e.affectsConfiguration(PROXY_STRICT_SSL);
    if (!ours && !proxy) return;
    this.current = read();
    this.changed.fire({
      client: ours || proxy,
      localSandbox: e.affectsConfiguration(key(SETTING.localSandbox)),
      serviceVersion: e.affectsConfiguration(key(SETTING.serviceVersion)),
    });
  }
}

const key = (k: string) => `${SECTION}.${k}`;

function userValue<T>(section: string, name: string, fallback: T): T {
  const i = vscode.workspace.getConfiguration(section).inspect<T>(name);
  return (i?.globalValue ?? i?.defaultValue ?? fallback) as T;
}

function read(): SettingValues {
  const c = vscode.workspace.getConfiguration(SECTION);
  const faults = c.inspect<string>(SETTING.localSandboxFaults)?.globalValue?.trim();
  const latencyMs = c.inspect<number>(SETTING.localSandboxLatencyMs)?.globalValue;
  // The tenant's billing rules: a user setting, as a workspace cannot change the figures its author sees.
  const rule = (name: string) => {
    const v = c.inspect<string>(name)?.globalValue;
    return typeof v === 'string' && v ? v : undefined;
  };
  const rules = {
    rounding: rule(SETTING.localSandboxRounding),
    proration: rule(SETTING.localSandboxProration),
    daysInMonth: rule(SETTING.localSandboxDaysInMonth),
  };
  return {
    serviceVersion: c.get<string>(SETTING.serviceVersion) || undefined,
    previewOnSave: c.get<PreviewOnSaveMode>(SETTING.previewOnSave, 'auto'),
    requestTimeoutSeconds: userValue(SECTION, SETTING.requestTimeoutSeconds, 60),
    maxResponseMB: userValue(SECTION, SETTING.maxResponseMB, 64),
    debounceMs: c.get<number>(SETTING.debounceMs, 250),
    proxy: userValue<string>('http', 'proxy', '') || undefined,
    proxyStrictSSL: userValue('http', 'proxyStrictSSL', true),
    localSandbox: {
      ...(faults ? { faults } : {}),
      ...(typeof latencyMs === 'number' && latencyMs > 0 ? { latencyMs } : {}),
      ...Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined)),
    },
    previewLive: liveMode(c),
    previewPeriods: periodsOf(c.get<number>(SETTING.previewPeriods, DEFAULT_PREVIEW_PERIODS)),
  };
}

/**
 * A workspace may turn live preview down but not "on" for every connection: each pause in typing would then
 * spend a tenant's requests (sandbox tenants: 10,000 a day), and only the person decides that.
 */
function liveMode(c: vscode.WorkspaceConfiguration): PreviewLiveMode {
  const mode = c.get<PreviewLiveMode>(SETTING.previewLive, 'auto');
  const user = c.inspect<PreviewLiveMode>(SETTING.previewLive)?.globalValue;
  return mode === 'on' && user !== 'on' ? (user ?? 'auto') : mode;
}
