import { AppError } from "../../lib/http.server";

/**
 * How many theme installs run at once (docs/decisions/194-theme-install-cap.md): per shop, for the whole install;
 * per web process, while an install holds its archive in memory (the download of up to 50 MB and each entry as it
 * is inflated), so the number of archives in memory, not the number of installs asked for, bounds the process.
 */
export interface ThemeInstallCap {
  perShop: number;
  perProcess: number;
}

export const THEME_INSTALL_CAP: ThemeInstallCap = { perShop: 1, perProcess: 2 };

/** An install checks and hands over its archive in seconds; the platform's processing is followed for up to a minute. */
export const THEME_INSTALL_RETRY_AFTER_SECONDS = 15;

export class ThemeInstallBusyError extends AppError {
  constructor(message: string) {
    super(
      429,
      `${message}; try again in ${THEME_INSTALL_RETRY_AFTER_SECONDS} s`,
      "theme_install_busy",
      { retryAfterSeconds: THEME_INSTALL_RETRY_AFTER_SECONDS },
      { "Retry-After": String(THEME_INSTALL_RETRY_AFTER_SECONDS) },
    );
    this.name = "ThemeInstallBusyError";
  }
}

const runningByShop = new Map<string, number>();
let archivesInMemory = 0;

export interface ThemeInstallSlot {
  /** The archive has been checked and handed over: the process's slot is free for another install. */
  archiveDone(): void;
  /** The install has ended, whatever its outcome: the shop's slot too. */
  release(): void;
}

/**
 * Takes a slot for an install of `shop`, or refuses at once (429) when the shop already has one running or the
 * process holds as many archives as it may: a refused install costs nothing, a queued one would hold its request
 * open for minutes. The process's slot covers the archive's download and check; the shop's slot covers the whole
 * install, the platform's processing included. Each release counts once, however often it is called.
 */
export function takeThemeInstallSlot(shop: string, cap: ThemeInstallCap = THEME_INSTALL_CAP): ThemeInstallSlot {
  const forShop = runningByShop.get(shop) ?? 0;
  if (forShop >= cap.perShop) {
    throw new ThemeInstallBusyError("A theme installation for this shop is already running");
  }
  if (archivesInMemory >= cap.perProcess) {
    throw new ThemeInstallBusyError("The app is installing other themes right now");
  }
  runningByShop.set(shop, forShop + 1);
  archivesInMemory++;
  let holdsArchive = true;
  let holdsShop = true;
  const archiveDone = () => {
    if (!holdsArchive) return;
    holdsArchive = false;
    archivesInMemory--;
  };
  return {
    archiveDone,
    release() {
      archiveDone();
      if (!holdsShop) return;
      holdsShop = false;
      const left = (runningByShop.get(shop) ?? 1) - 1;
      if (left > 0) runningByShop.set(shop, left);
      else runningByShop.delete(shop);
    },
  };
}
