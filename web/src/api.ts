// The HTTP interface of tbserve (see README.md, "HTTP server").

export type Params = Record<string, string>;

export interface TableInfo {
  game: string;
  params: Params;
  file: string;
  kind: string;
  start: string | null;
}

// wdl16: {outcome, plies}; grundy16: {value, outcome}; for the side named by the field.
export interface Value {
  outcome?: 'win' | 'loss' | 'draw' | string;
  plies?: number;
  value?: string;
}

export interface Move {
  name?: string;
  position: string | null;
  value: Value;
}

export interface Probe {
  position: string;
  value?: Value;
  winner?: string;
  stored_as?: string;
  across_tables?: boolean;
  moves?: Move[];
  [field: string]: unknown;
}

export interface HistogramBar {
  plies: number;
  wins: number;
  losses: number;
}

export interface Stats {
  legal?: number;
  counts?: Record<string, number>;
  histogram?: HistogramBar[];
  [field: string]: unknown;
}

export class ApiError extends Error {}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(`${response.status} ${response.statusText}: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    const error = (body as { error?: string }).error ?? `${response.status} ${response.statusText}`;
    throw new ApiError(error);
  }
  return body as T;
}

function query(params: Params, extra: Params = {}): string {
  return new URLSearchParams({ ...extra, ...params }).toString();
}

export const tables = () => getJson<TableInfo[]>('api/tables');

export const probe = (table: TableInfo, position: string) =>
  getJson<Probe>(`api/${encodeURIComponent(table.game)}?${query(table.params, { position })}`);

export const stats = (table: TableInfo) =>
  getJson<Stats>(`api/${encodeURIComponent(table.game)}/stats?${query(table.params)}`);
