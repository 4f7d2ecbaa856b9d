import type { ShopItemSummary } from '@otakura/shared';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/format';
import { formatNumber } from '@/lib/i18n';
import { useLikeShopItemMutation } from '../api/like-shop-item';
import './shop-item-view.css';

/** Like toggle of a shop item (spec §4): optimistic, pops when liked, aria-pressed, compact count. */
export function ShopLikeButton({
  item,
}: {
  item: Pick<ShopItemSummary, 'id' | 'likedByMe' | 'likeCount'>;
}) {
  const { t } = useTranslation('shop');
  const like = useLikeShopItemMutation();
  // Bumped on each like so the pop animation replays.
  const [pops, setPops] = useState(0);

  const toggle = () => {
    const liked = !item.likedByMe;
    if (liked) setPops((n) => n + 1);
    like.mutate({ itemId: item.id, liked });
  };

  return (
    <span className="shop-like-wrap">
      <button
        type="button"
        className={clsx('shop-like', item.likedByMe && 'shop-like--on')}
        aria-pressed={item.likedByMe}
        // The name holds the visible count ('Like 8'), as the label-in-name rule asks.
        aria-label={`${t('like.label')} ${formatCompact(item.likeCount)}`}
        onClick={toggle}
      >
        <Heart
          key={pops}
          className={clsx('shop-like__icon', pops > 0 && item.likedByMe && 'shop-like__icon--pop')}
          aria-hidden="true"
          fill={item.likedByMe ? 'currentColor' : 'none'}
        />
        <span
          className="shop-like__count tabular-nums"
          aria-hidden="true"
          data-testid="shop-like-count"
        >
          {formatCompact(item.likeCount)}
        </span>
      </button>
      <span className="visually-hidden">
        {t('counts.likes', { count: item.likeCount, formatted: formatNumber(item.likeCount) })}
      </span>
    </span>
  );
}
