/** The API's settings, read and validated once; the tools extend them with their own (tools/src/common/config.ts). */
export { AppConfig, ConfigError, Environment, loadConfig } from '../common/config/app-config';
export { loadEnvFile } from '../common/config/env-file';
export { IntSetting, loadSettings, Port, portError, toList, UrlSetting } from '../common/config/settings';
