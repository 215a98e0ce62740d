/**
 * The pieces every validated settings class is made of (the API's AppConfig,
 * the tools' ToolsConfig): environment strings turned into values, the
 * decorators their variables repeat, and the loader that names each bad one.
 */
import { plainToInstance, Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUrl, Max, Min, validateSync } from 'class-validator';

/** A setting that is not valid: the message names the variable and what it must be. */
export class ConfigError extends Error {}

/**
 * The one sentence a server stops with when its port cannot be used (`code`: listen's error code), naming the
 * setting that chooses the port; `alternative` is what else that setting takes.
 */
export function portError(port: number, variable: string, code: string | undefined, alternative = 'a free port'): ConfigError {
  if (code === 'EACCES') {
    return new ConfigError(`Port ${port} (${variable}) needs privileges this user does not have: set ${variable} to a port above 1023.`);
  }
  return new ConfigError(`Port ${port} (${variable}) is already in use: stop what uses it or set ${variable} to ${alternative}.`);
}

export const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
export const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;
export const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** A whole number, at least `min` and at most `max` when given. */
export function IntSetting(min?: number, max?: number): PropertyDecorator {
  return (target, property) => {
    Transform(toInt)(target, property);
    IsInt()(target, property);
    if (min !== undefined) Min(min)(target, property);
    if (max !== undefined) Max(max)(target, property);
  };
}

/** A TCP port; 0 too when `allowZero` (any free port, or off, as the variable says). */
export const Port = ({ allowZero = false } = {}): PropertyDecorator => IntSetting(allowZero ? 0 : 1, 65535);

/** An http(s) URL (any host name, localhost too); unset allowed when `optional`. */
export function UrlSetting({ optional = false } = {}): PropertyDecorator {
  return (target, property) => {
    if (optional) IsOptional()(target, property);
    IsUrl({ require_tld: false, require_protocol: true }, { message: `${String(property)} must be an http(s) URL` })(target, property);
  };
}

/** The settings of `Settings` read from `env` (other variables ignored, empty ones unset), or a ConfigError naming each bad one. */
export function loadSettings<T extends object>(Settings: new () => T, env: Record<string, string | undefined>): T {
  const known = new Set(Object.keys(new Settings()));
  // An empty variable counts as unset, as in most shells' and compose files' habits.
  const values = Object.fromEntries(Object.entries(env).filter(([key, value]) => known.has(key) && value !== ''));
  const settings = plainToInstance(Settings, values, { exposeDefaultValues: true });
  const errors = validateSync(settings);
  if (errors.length) {
    const lines = errors.flatMap((error) => Object.values(error.constraints ?? {}).map((message) => `  ${error.property}: ${message}`));
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return settings;
}
