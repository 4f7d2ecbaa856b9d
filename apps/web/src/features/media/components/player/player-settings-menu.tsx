import { Check, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/icon-button';
import {
  PLAYBACK_SPEEDS,
  UP_NEXT_CHOICES,
  type UpNextSetting,
} from '../../hooks/use-player-settings';

export interface PlayerSettingsMenuProps {
  speed: number;
  upNext: UpNextSetting;
  /** Where the menu renders: inside the stage, so it shows in full screen. */
  container: HTMLElement | null;
  onSpeed: (speed: number) => void;
  onUpNext: (setting: UpNextSetting) => void;
}

/** The player's menu: playback speed, and the next episode's autoplay countdown (or off). */
export function PlayerSettingsMenu({
  speed,
  upNext,
  container,
  onSpeed,
  onUpNext,
}: PlayerSettingsMenuProps) {
  const { t } = useTranslation('player');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton
          aria-label={t('settings')}
          title={t('settings')}
          className="episode-player__control"
        >
          <Settings aria-hidden="true" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content
          className="episode-player__menu"
          side="top"
          align="end"
          sideOffset={8}
          collisionPadding={8}
        >
          <DropdownMenu.Label className="episode-player__menu-label">
            {t('speed')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={String(speed)}
            onValueChange={(value) => onSpeed(Number(value))}
          >
            {PLAYBACK_SPEEDS.map((value) => (
              <DropdownMenu.RadioItem
                key={value}
                value={String(value)}
                className="episode-player__menu-item"
              >
                <DropdownMenu.ItemIndicator className="episode-player__menu-check">
                  <Check aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
                {value === 1 ? t('speedNormal') : t('speedValue', { value })}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="episode-player__menu-separator" />
          <DropdownMenu.Label className="episode-player__menu-label">
            {t('autoplayNext')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={String(upNext)}
            onValueChange={(value) =>
              onUpNext(
                value === 'off'
                  ? 'off'
                  : (UP_NEXT_CHOICES.find((c) => String(c) === value) ?? 'off'),
              )
            }
          >
            <DropdownMenu.RadioItem value="off" className="episode-player__menu-item">
              <DropdownMenu.ItemIndicator className="episode-player__menu-check">
                <Check aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
              {t('autoplayOff')}
            </DropdownMenu.RadioItem>
            {UP_NEXT_CHOICES.map((seconds) => (
              <DropdownMenu.RadioItem
                key={seconds}
                value={String(seconds)}
                className="episode-player__menu-item"
              >
                <DropdownMenu.ItemIndicator className="episode-player__menu-check">
                  <Check aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
                {t('autoplayAfter', { count: seconds })}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
